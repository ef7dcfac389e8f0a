import { registerAccount } from '@sports/api-client/auth';
import { EMAIL_CONFIRMATION_MESSAGES } from '@sports/contracts';
import { useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate } from '@sports/router';
import { AuthCard, FormAlert, StepIndicator, SubmitButton } from '../auth-ui/auth-card';
import { requestErrorMessage } from '../auth-ui/errors';
import { CheckboxField, EmailField } from '../auth-ui/fields';
import { NewPasswordFields } from '../auth-ui/new-password-fields';
import { useFocusFirstError } from '../auth-ui/use-focus-first-error';
import { RequireEarlierSteps, useRegistration } from './registration-context';
import { hasErrors, step3Errors, STEP_PATHS, toRegisterRequest, type FieldErrors, type Step3Field } from './registration-draft';
import './register.css';

/** Shown on /login after a sign-up (the same whether the address was new or already had an account). */
export const REGISTERED_NOTICE = EMAIL_CONFIRMATION_MESSAGES.checkEmail;

function AccountForm() {
  const { draft, update, discard } = useRegistration();
  const navigate = useNavigate();
  // The password stays in this component's memory only: never in the stored draft.
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [agreed, setAgreed] = useState(false);
  const [errors, setErrors] = useState<FieldErrors<Step3Field>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const focusFirstError = useFocusFirstError(formRef);

  function clearError(field: Step3Field) {
    if (errors[field]) setErrors((e) => ({ ...e, [field]: undefined }));
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const next = step3Errors({ email: draft.email, password, confirmPassword, agreed });
    setErrors(next);
    if (hasErrors(next)) {
      focusFirstError();
      return;
    }
    setFormError(null);
    setBusy(true);
    try {
      await registerAccount(toRegisterRequest(draft, password));
    } catch (error) {
      setFormError(requestErrorMessage(error, 'Registration failed.'));
      setBusy(false);
      return;
    }
    discard();
    void navigate('/login', { replace: true, state: { notice: REGISTERED_NOTICE } });
  }

  return (
    <AuthCard wide title="Account Setup" intro={<StepIndicator current={3} total={3} />}>
      <FormAlert message={formError} />
      <form ref={formRef} className="auth-form" noValidate onSubmit={(event) => void onSubmit(event)} aria-label="Account">
        <EmailField
          value={draft.email}
          error={errors.email}
          onChange={(e) => {
            update({ email: e.target.value });
            clearError('email');
          }}
        />
        <NewPasswordFields
          label="Password"
          confirmLabel="Confirm password"
          name="password"
          password={password}
          confirmPassword={confirmPassword}
          errors={errors}
          onChange={(field, value) => {
            (field === 'password' ? setPassword : setConfirmPassword)(value);
            clearError(field);
          }}
        />
        <CheckboxField
          label={
            <>
              I agree to the{' '}
              {/* A new tab: the form keeps what was typed. */}
              <Link to="/terms" target="_blank" rel="noopener">
                terms and conditions
              </Link>
            </>
          }
          name="terms"
          required
          checked={agreed}
          error={errors.agreed}
          onChange={(e) => {
            setAgreed(e.target.checked);
            clearError('agreed');
          }}
        />
        <div className="auth-form__actions">
          <Link to={STEP_PATHS[2]} className="auth-secondary">
            Back
          </Link>
          <SubmitButton busy={busy} busyText="Signing up...">
            Sign Up
          </SubmitButton>
        </div>
      </form>
    </AuthCard>
  );
}

/** /register3: SPEC "Registration" step 3 of 3, Account Setup. */
export function RegisterStep3() {
  return (
    <RequireEarlierSteps step={3}>
      <AccountForm />
    </RequireEarlierSteps>
  );
}
