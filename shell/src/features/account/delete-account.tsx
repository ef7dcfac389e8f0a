import { ACCOUNT_MESSAGES } from '@sports/contracts';
import type { Profile } from '@sports/contracts';
import { deleteMyAccount } from '@sports/api-client/account';
import { useRef, useState, type FormEvent } from 'react';
import { useSession } from '../../session/session-context';
import { FormAlert, SubmitButton } from '../auth-ui/auth-card';
import { requestErrorMessage } from '../auth-ui/errors';
import { PasswordField, TextField } from '../auth-ui/fields';

/**
 * The danger zone: what deleting does, then the confirmation (the current password, or for an
 * account without one its email typed out). On success the session is gone: to /login with a notice.
 */
export function DeleteAccount({ profile }: { profile: Profile }) {
  const { signedOutWith } = useSession();
  const [value, setValue] = useState('');
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    if (value.trim() === '') {
      setFieldError(profile.has_password ? ACCOUNT_MESSAGES.deletePasswordRequired : ACCOUNT_MESSAGES.deleteEmailRequired);
      inputRef.current?.focus();
      return;
    }
    setFormError(null);
    setBusy(true);
    try {
      await deleteMyAccount(profile.has_password ? { password: value } : { email: value });
    } catch (error) {
      setFormError(requestErrorMessage(error, 'Your account could not be deleted.'));
      setBusy(false);
      return;
    }
    signedOutWith(ACCOUNT_MESSAGES.deleted);
  }

  const input = {
    ref: inputRef,
    required: true,
    value,
    error: fieldError,
    onChange: (e: { target: { value: string } }) => {
      setValue(e.target.value);
      setFieldError(undefined);
    },
  };
  return (
    <>
      <p>Deleting your account cannot be undone. When you delete it:</p>
      <ul>
        <li>Your name, email, gender, address and password are erased, and any Google sign-in is unlinked. You are signed out on every device.</li>
        <li>Seats you are holding are given back. Tickets you bought stay on the organizers&apos; records, shown as &ldquo;Deleted user&rdquo;, and still admit at the gate; download your data first if you want a copy.</li>
        <li>Your reviews and feedback stay, shown as &ldquo;Deleted user&rdquo;.</li>
        <li>You can later sign up again with the same email, as a new account.</li>
      </ul>
      <FormAlert message={formError} />
      <form className="auth-form" noValidate onSubmit={(event) => void onSubmit(event)} aria-label="Delete my account">
        {profile.has_password ? (
          <PasswordField label="Your password" name="confirm_delete_password" autoComplete="current-password" toggleLabel="Show your password" {...input} />
        ) : (
          <TextField label={`Type your email (${profile.email}) to confirm`} name="confirm_delete_email" type="email" autoComplete="off" {...input} />
        )}
        <SubmitButton busy={busy} busyText="Deleting…">
          Delete my account
        </SubmitButton>
      </form>
    </>
  );
}
