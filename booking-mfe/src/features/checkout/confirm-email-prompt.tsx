import { useState } from 'react';
import { resendConfirmation } from '@sports/api-client/auth';
import { describeError } from '../../shared/errors';

/**
 * The booking refused an account whose email address is not confirmed: the server's message, a
 * new confirmation link to the account's address, and a new try once it is confirmed.
 */
export function ConfirmEmailPrompt({ message, email, onRetry }: { message: string; email: string; onRetry: () => void }) {
  const [state, setState] = useState<{ kind: 'idle' | 'sending' | 'sent' } | { kind: 'failed'; message: string }>({ kind: 'idle' });

  async function resend() {
    setState({ kind: 'sending' });
    try {
      await resendConfirmation(email);
      setState({ kind: 'sent' });
    } catch (error) {
      setState({ kind: 'failed', message: describeError(error) });
    }
  }

  return (
    <div className="bk-state bk-state--error">
      <p className="bk-state__text bk-checkout__problem" role="alert">
        {message}
      </p>
      <p className="bk-state__text" role="status">
        {state.kind === 'sent' && `We sent a new confirmation link to ${email}. Open it, then try again.`}
      </p>
      {state.kind === 'failed' && (
        <p className="bk-state__text bk-checkout__problem" role="alert">
          {state.message}
        </p>
      )}
      <div className="bk-checkout__actions">
        <button type="button" className="bk-button bk-button--primary" onClick={() => void resend()} disabled={state.kind === 'sending'} aria-busy={state.kind === 'sending' || undefined}>
          {state.kind === 'sending' ? 'Sending…' : 'Resend confirmation email'}
        </button>
        <button type="button" className="bk-button bk-button--secondary" onClick={onRetry}>
          Try again
        </button>
      </div>
    </div>
  );
}
