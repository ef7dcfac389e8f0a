import { resendConfirmation } from '@sports/api-client/auth';
import { EMAIL_CONFIRMATION_MESSAGES } from '@sports/contracts';
import { useState, type FormEvent } from 'react';
import { FormAlert, FormNotice, SubmitButton } from '../auth-ui/auth-card';
import { requestErrorMessage } from '../auth-ui/errors';
import { EmailField } from '../auth-ui/fields';
import { emailError } from '../auth-ui/validation';

/** Asks for a new confirmation link (the answer is the same whatever the address's state). */
export function ResendConfirmationForm() {
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | undefined>(undefined);
  const [formError, setFormError] = useState<string | null>(null);
  const [sent, setSent] = useState(false);
  const [busy, setBusy] = useState(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const problem = emailError(email);
    setError(problem);
    if (problem) return;
    setFormError(null);
    setBusy(true);
    try {
      await resendConfirmation(email.trim());
      setSent(true);
    } catch (failure) {
      setFormError(requestErrorMessage(failure, 'Could not send a new link.'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="auth-form" noValidate aria-label="New confirmation link" onSubmit={(event) => void onSubmit(event)}>
      <FormAlert message={formError} />
      <FormNotice message={sent ? EMAIL_CONFIRMATION_MESSAGES.resent : null} />
      <EmailField
        value={email}
        error={error}
        onChange={(e) => {
          setEmail(e.target.value);
          setError(undefined);
        }}
      />
      <SubmitButton busy={busy} busyText="Sending...">
        Send a new link
      </SubmitButton>
    </form>
  );
}
