import { PasswordField } from './fields';

export type NewPasswordField = 'password' | 'confirmPassword';

interface NewPasswordFieldsProps {
  /** Labels of the two inputs ("New password", "Confirm new password"). */
  label: string;
  confirmLabel: string;
  /** Form name of the password input; the confirmation is always `confirm_password`. */
  name: string;
  password: string;
  confirmPassword: string;
  errors: Partial<Record<NewPasswordField, string>>;
  onChange: (field: NewPasswordField, value: string) => void;
}

/** A new password and its confirmation (registration step 3, password reset); each form keeps its own messages. */
export function NewPasswordFields({ label, confirmLabel, name, password, confirmPassword, errors, onChange }: NewPasswordFieldsProps) {
  return (
    <>
      <PasswordField
        label={label}
        name={name}
        autoComplete="new-password"
        required
        hint="At least 6 characters."
        value={password}
        error={errors.password}
        onChange={(e) => onChange('password', e.target.value)}
      />
      <PasswordField
        label={confirmLabel}
        name="confirm_password"
        autoComplete="new-password"
        required
        toggleLabel="Show confirm password"
        value={confirmPassword}
        error={errors.confirmPassword}
        onChange={(e) => onChange('confirmPassword', e.target.value)}
      />
    </>
  );
}
