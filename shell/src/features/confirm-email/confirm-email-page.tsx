import { confirmEmail } from '@sports/api-client/auth';
import { EMAIL_CONFIRMATION_MESSAGES } from '@sports/contracts';
import { useEffect, useState } from 'react';
import { Link, useSearchParams } from '@sports/router';
import { AuthCard } from '../auth-ui/auth-card';
import { requestErrorMessage } from '../auth-ui/errors';
import { ResendConfirmationForm } from './resend-confirmation-form';

type Outcome = { kind: 'confirming' } | { kind: 'confirmed' } | { kind: 'failed'; message: string };

// A link works once: one request per token for the page's life, kept across StrictMode's effect re-run.
const requests = new Map<string, Promise<Outcome>>();

function confirmOnce(token: string): Promise<Outcome> {
  let request = requests.get(token);
  if (!request) {
    request = confirmEmail(token).then(
      (): Outcome => ({ kind: 'confirmed' }),
      (error: unknown): Outcome => ({ kind: 'failed', message: requestErrorMessage(error, EMAIL_CONFIRMATION_MESSAGES.linkDead) }),
    );
    requests.set(token, request);
  }
  return request;
}

/** /confirm-email?token=...: the link mailed at sign-up. */
export function ConfirmEmailPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [outcome, setOutcome] = useState<Outcome>(token ? { kind: 'confirming' } : { kind: 'failed', message: EMAIL_CONFIRMATION_MESSAGES.linkDead });

  useEffect(() => {
    if (!token) return undefined;
    let active = true;
    void confirmOnce(token).then((result) => {
      if (active) setOutcome(result);
    });
    return () => {
      active = false;
    };
  }, [token]);

  if (outcome.kind === 'confirming') {
    return (
      <AuthCard title="Confirming your email">
        <p role="status" aria-busy="true">
          Confirming your email address…
        </p>
      </AuthCard>
    );
  }
  if (outcome.kind === 'confirmed') {
    return (
      <AuthCard title="Email confirmed" footer={<Link to="/">Browse events</Link>}>
        <p role="status">{EMAIL_CONFIRMATION_MESSAGES.confirmed}</p>
        <Link to="/login" className="button auth-submit">
          Go to login
        </Link>
      </AuthCard>
    );
  }
  return (
    <AuthCard title="Link not valid" footer={<Link to="/login">Back to login</Link>}>
      <p role="alert" className="form-alert">
        {outcome.message}
      </p>
      <p>Enter your email address to get a new confirmation link.</p>
      <ResendConfirmationForm />
    </AuthCard>
  );
}
