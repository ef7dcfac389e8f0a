import type { SessionUser } from '@sports/contracts';
import { googleLoginRequest, loginRequest } from '@sports/api-client/auth';
import { useRef, useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate } from '@sports/router';
import { useSession } from '../../session/session-context';
import { AuthCard, FormAlert, FormNotice, SubmitButton } from '../auth-ui/auth-card';
import { requestErrorMessage } from '../auth-ui/errors';
import { EmailField, PasswordField } from '../auth-ui/fields';
import { useFocusFirstError } from '../auth-ui/use-focus-first-error';
import { emailError } from '../auth-ui/validation';
import { GoogleSignIn } from './google-sign-in';
import type { GoogleCredentialResponse } from './google-identity';
import { landingAfterLogin } from './landing';
import './login.css';

/** Navigation state the login page understands: the guard's `from`, and a notice from registration or reset. */
interface LoginLocationState {
  from?: unknown;
  notice?: unknown;
}

type FieldErrors = Partial<Record<'email' | 'password', string>>;

export function LoginPage() {
  const { signIn } = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  const state = (location.state ?? null) as LoginLocationState | null;
  const notice = typeof state?.notice === 'string' ? state.notice : null;
  const from = state?.from;

  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState<'password' | 'google' | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const focusFirstError = useFocusFirstError(formRef);

  function finish(user: SessionUser) {
    signIn(user);
    const landing = landingAfterLogin(user, from);
    void navigate(landing.to, { replace: true, state: landing.state });
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const next: FieldErrors = {
      email: emailError(email),
      password: password === '' ? 'Password is required' : undefined,
    };
    if (next.email || next.password) {
      setErrors(next);
      focusFirstError();
      return;
    }
    setErrors({});
    setFormError(null);
    setBusy('password');
    try {
      finish(await loginRequest({ email: email.trim(), password }));
    } catch (error) {
      setFormError(requestErrorMessage(error, 'Login failed.'));
      setBusy(null);
    }
  }

  async function onGoogleResponse(response: GoogleCredentialResponse) {
    if (busy) return;
    setFormError(null);
    // SPEC §8: a callback without a credential is the error case. Only the credential goes to the API.
    if (!response.credential) {
      setFormError('Google login failed.');
      return;
    }
    setBusy('google');
    try {
      finish(await googleLoginRequest(response.credential));
    } catch (error) {
      setFormError(requestErrorMessage(error, 'Google login failed.', 'Network error with Google login'));
      setBusy(null);
    }
  }

  return (
    <AuthCard
      title="Login"
      intro={<p>{from ? 'Please log in to continue.' : 'Welcome back! Log in to book seats and see your tickets.'}</p>}
      footer={
        <>
          <p className="login__register">
            Don&apos;t have an account? <Link to="/register1">Register Here</Link>
          </p>
          <Link to="/" className="login__home">
            ← Back to Home
          </Link>
        </>
      }
    >
      <FormNotice message={notice} />
      <FormAlert message={formError} />
      {busy === 'google' && (
        <p role="status" className="login__status">
          Signing in with Google...
        </p>
      )}
      <form ref={formRef} className="auth-form" noValidate onSubmit={(event) => void onSubmit(event)} aria-label="Login with email">
        <EmailField
          value={email}
          error={errors.email}
          onChange={(event) => {
            setEmail(event.target.value);
            if (errors.email) setErrors((e) => ({ ...e, email: undefined }));
          }}
        />
        <PasswordField
          label="Password"
          name="password"
          autoComplete="current-password"
          required
          value={password}
          error={errors.password}
          onChange={(event) => {
            setPassword(event.target.value);
            if (errors.password) setErrors((e) => ({ ...e, password: undefined }));
          }}
        />
        <p className="login__forgot">
          <Link to="/ForgotPassword">Forgot Password</Link>
        </p>
        <SubmitButton busy={busy === 'password'} busyText="Signing in..." disabled={busy === 'google'}>
          Login
        </SubmitButton>
      </form>
      <div className="login__divider" role="separator" aria-label="or">
        <span aria-hidden="true">or</span>
      </div>
      <GoogleSignIn onResponse={(response) => void onGoogleResponse(response)} />
    </AuthCard>
  );
}
