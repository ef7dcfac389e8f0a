import { ACCOUNT_MESSAGES } from '@sports/contracts';
import { changeMyPassword } from '@sports/api-client/account';
import { useRef, useState, type FormEvent } from 'react';
import { Link } from '@sports/router';
import { FormAlert, FormNotice, SubmitButton } from '../auth-ui/auth-card';
import { requestErrorMessage } from '../auth-ui/errors';
import { PasswordField } from '../auth-ui/fields';
import { NewPasswordFields } from '../auth-ui/new-password-fields';
import { useFocusFirstError } from '../auth-ui/use-focus-first-error';
import { newPasswordErrors } from '../forgot-password/reset-rules';

type Field = 'current' | 'password' | 'confirmPassword';

/** Change password: the current one, then a new one twice (the reset's rules). Other devices are signed out. */
export function PasswordForm({ hasPassword }: { hasPassword: boolean }) {
  const [values, setValues] = useState<Record<Field, string>>({ current: '', password: '', confirmPassword: '' });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const [busy, setBusy] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const focusFirstError = useFocusFirstError(formRef);

  if (!hasPassword) {
    return (
      <p>
        {ACCOUNT_MESSAGES.noPassword} <Link to="/ForgotPassword">Set a password with Forgot password</Link>
      </p>
    );
  }

  function change(field: Field, value: string) {
    setValues((v) => ({ ...v, [field]: value }));
    setDone(false);
    if (errors[field]) setErrors((e) => ({ ...e, [field]: undefined }));
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const next: Partial<Record<Field, string>> = newPasswordErrors(values.password, values.confirmPassword);
    if (values.current === '') next.current = ACCOUNT_MESSAGES.currentPasswordRequired;
    setErrors(next);
    if (Object.values(next).some(Boolean)) {
      focusFirstError();
      return;
    }
    setFormError(null);
    setBusy(true);
    try {
      await changeMyPassword({ current_password: values.current, new_password: values.password });
      setValues({ current: '', password: '', confirmPassword: '' });
      setDone(true);
    } catch (error) {
      setFormError(requestErrorMessage(error, 'Your password could not be changed.'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <FormAlert message={formError} />
      <FormNotice message={done ? ACCOUNT_MESSAGES.passwordChanged : null} />
      <form ref={formRef} className="auth-form" noValidate onSubmit={(event) => void onSubmit(event)} aria-label="Change password">
        <PasswordField
          label="Current password"
          name="current_password"
          autoComplete="current-password"
          required
          toggleLabel="Show current password"
          value={values.current}
          error={errors.current}
          onChange={(e) => change('current', e.target.value)}
        />
        <NewPasswordFields
          label="New password"
          confirmLabel="Confirm new password"
          name="new_password"
          password={values.password}
          confirmPassword={values.confirmPassword}
          errors={errors}
          onChange={change}
        />
        <SubmitButton busy={busy} busyText="Changing…">
          Change password
        </SubmitButton>
      </form>
    </>
  );
}
