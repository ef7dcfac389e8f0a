import { requestPasswordReset, resetPassword, verifyResetCode } from '@sports/api-client/auth';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate } from '@sports/router';
import { AuthCard, FormAlert, FormNotice, StepIndicator, SubmitButton } from '../auth-ui/auth-card';
import { requestErrorMessage } from '../auth-ui/errors';
import { EmailField, TextField } from '../auth-ui/fields';
import { NewPasswordFields } from '../auth-ui/new-password-fields';
import { useFocusFirstError } from '../auth-ui/use-focus-first-error';
import { emailError } from '../auth-ui/validation';
import { CODE_SENT_MESSAGE, newPasswordErrors, PASSWORD_RESET_NOTICE, RESET_CODE_LENGTH, RESET_REDIRECT_MS, sanitizeCode } from './reset-rules';
import './forgot-password.css';

/** SPEC §4: 1 enter email, 2 enter code, 3 new password, 4 success (then back to login). */
type Step = 1 | 2 | 3 | 4;
type Field = 'email' | 'code' | 'password' | 'confirmPassword';
type Busy = 'send' | 'resend' | 'verify' | 'reset' | null;

const STEP_HEADINGS: Record<Step, string> = {
  1: 'Enter your email',
  2: 'Enter the code',
  3: 'Choose a new password',
  4: 'Password reset',
};

/** /ForgotPassword: SPEC "Forgot password". */
export function ForgotPasswordPage() {
  const navigate = useNavigate();
  const [step, setStep] = useState<Step>(1);
  const [email, setEmail] = useState('');
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [busy, setBusy] = useState<Busy>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const doneHeadingRef = useRef<HTMLHeadingElement>(null);
  const focusFirstError = useFocusFirstError(formRef);
  const focusedStep = useRef<Step>(step);

  // A new step moves focus to its first field (or to the success heading), so keyboard and
  // screen-reader users land where the work is.
  useEffect(() => {
    if (focusedStep.current === step) return;
    focusedStep.current = step;
    if (step === 4) doneHeadingRef.current?.focus();
    else formRef.current?.querySelector<HTMLElement>('input')?.focus();
  }, [step]);

  // SPEC: the success screen redirects to /login after 2 seconds.
  useEffect(() => {
    if (step !== 4) return;
    const timer = setTimeout(() => void navigate('/login', { replace: true, state: { notice: PASSWORD_RESET_NOTICE } }), RESET_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [step, navigate]);

  function go(next: Step) {
    setErrors({});
    setFormError(null);
    setStep(next);
  }

  function invalid(next: Partial<Record<Field, string>>): boolean {
    setErrors(next);
    if (!Object.values(next).some(Boolean)) return false;
    focusFirstError();
    return true;
  }

  async function run(kind: Exclude<Busy, null>, request: () => Promise<void>, fallback: string): Promise<boolean> {
    setFormError(null);
    setBusy(kind);
    try {
      await request();
      return true;
    } catch (error) {
      setNotice(null);
      setFormError(requestErrorMessage(error, fallback));
      return false;
    } finally {
      setBusy(null);
    }
  }

  async function sendCode(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy || invalid({ email: emailError(email) })) return;
    if (await run('send', () => requestPasswordReset(email.trim()), 'Failed to send reset code.')) {
      setCode('');
      go(2);
      setNotice(CODE_SENT_MESSAGE);
    }
  }

  async function resendCode() {
    if (busy) return;
    setNotice(null);
    if (await run('resend', () => requestPasswordReset(email.trim()), 'Failed to send reset code.')) {
      setCode('');
      setErrors({});
      setNotice(CODE_SENT_MESSAGE);
    }
  }

  async function checkCode(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy || invalid({ code: code.length === RESET_CODE_LENGTH ? undefined : 'Enter the 6-digit code.' })) return;
    if (await run('verify', () => verifyResetCode(email.trim(), code), 'Invalid code.')) {
      setNotice(null);
      go(3);
    }
  }

  async function saveNewPassword(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy || invalid(newPasswordErrors(password, confirmPassword))) return;
    if (await run('reset', () => resetPassword(email.trim(), code, password), 'Failed to reset password.')) {
      setPassword('');
      setConfirmPassword('');
      go(4);
    }
  }

  function clearError(field: Field) {
    if (errors[field]) setErrors((e) => ({ ...e, [field]: undefined }));
  }

  return (
    <AuthCard
      title="Forgot Password"
      intro={step < 4 ? <StepIndicator current={step} total={3} /> : undefined}
      footer={
        <Link to="/login" className="reset__back">
          Back to Login
        </Link>
      }
    >
      {step < 4 && <h2 className="reset__step-title">{STEP_HEADINGS[step]}</h2>}
      <FormNotice message={notice} />
      <FormAlert message={formError} />

      {step === 1 && (
        <form ref={formRef} className="auth-form" noValidate onSubmit={(event) => void sendCode(event)} aria-label="Request a reset code">
          <p className="auth-form__note">Enter the email of your account and we will send you a 6-digit code.</p>
          <EmailField
            value={email}
            error={errors.email}
            onChange={(e) => {
              setEmail(e.target.value);
              clearError('email');
            }}
          />
          <SubmitButton busy={busy === 'send'} busyText="Sending...">
            Send Code
          </SubmitButton>
        </form>
      )}

      {step === 2 && (
        <form ref={formRef} className="auth-form" noValidate onSubmit={(event) => void checkCode(event)} aria-label="Verify the code">
          <p className="auth-form__note">
            Enter the code we sent to <strong>{email.trim()}</strong>. It is valid for a few minutes.
          </p>
          <TextField
            label="6-digit code"
            name="code"
            className="reset__code"
            inputMode="numeric"
            autoComplete="one-time-code"
            pattern="[0-9]*"
            // No maxLength: a browser would cut a pasted "123 456" to "123 45"; sanitizeCode keeps 6 digits.
            size={RESET_CODE_LENGTH}
            required
            value={code}
            error={errors.code}
            onChange={(e) => {
              setCode(sanitizeCode(e.target.value));
              clearError('code');
            }}
          />
          <SubmitButton busy={busy === 'verify'} busyText="Verifying..." disabled={busy === 'resend'}>
            Verify Code
          </SubmitButton>
          <div className="reset__links">
            <button type="button" className="auth-link-button" disabled={busy !== null} onClick={() => void resendCode()}>
              {busy === 'resend' ? 'Sending...' : 'Send a new code'}
            </button>
            <button type="button" className="auth-link-button" disabled={busy !== null} onClick={() => go(1)}>
              Use a different email
            </button>
          </div>
        </form>
      )}

      {step === 3 && (
        <form ref={formRef} className="auth-form" noValidate onSubmit={(event) => void saveNewPassword(event)} aria-label="Set a new password">
          <NewPasswordFields
            label="New password"
            confirmLabel="Confirm new password"
            name="new_password"
            password={password}
            confirmPassword={confirmPassword}
            errors={errors}
            onChange={(field, value) => {
              (field === 'password' ? setPassword : setConfirmPassword)(value);
              clearError(field);
            }}
          />
          <SubmitButton busy={busy === 'reset'} busyText="Resetting...">
            Reset Password
          </SubmitButton>
        </form>
      )}

      {step === 4 && (
        <div className="reset__done">
          <div className="reset__done-icon" aria-hidden="true">
            ✓
          </div>
          <h2 ref={doneHeadingRef} tabIndex={-1} className="reset__step-title">
            {STEP_HEADINGS[4]}
          </h2>
          <p role="status">Your password has been reset. Taking you to the login page…</p>
        </div>
      )}
    </AuthCard>
  );
}
