import { useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate } from '@sports/router';
import { AuthCard, StepIndicator } from '../auth-ui/auth-card';
import { SelectField, TextField } from '../auth-ui/fields';
import { useFocusFirstError } from '../auth-ui/use-focus-first-error';
import { GENDER_OPTIONS, MIDDLE_INITIAL_OPTIONS, SUFFIX_OPTIONS } from './options';
import { useRegistration } from './registration-context';
import { hasErrors, step1Errors, STEP_PATHS, type FieldErrors, type Step1Field } from './registration-draft';
import './register.css';

/** /register1: SPEC "Registration" step 1 of 3, Create Account. */
export function RegisterStep1() {
  const { draft, update } = useRegistration();
  const navigate = useNavigate();
  const [errors, setErrors] = useState<FieldErrors<Step1Field>>({});
  const formRef = useRef<HTMLFormElement>(null);
  const focusFirstError = useFocusFirstError(formRef);

  function change(field: keyof typeof draft, value: string) {
    update({ [field]: value });
    if (field in errors) setErrors((e) => ({ ...e, [field]: undefined }));
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const next = step1Errors(draft);
    setErrors(next);
    if (hasErrors(next)) {
      focusFirstError();
      return;
    }
    void navigate(STEP_PATHS[2]);
  }

  return (
    <AuthCard
      wide
      title="Create Account"
      intro={<StepIndicator current={1} total={3} />}
      footer={
        <p className="register__login">
          Already have an account? <Link to="/login">Login</Link>
        </p>
      }
    >
      <form ref={formRef} className="auth-form" noValidate onSubmit={onSubmit} aria-label="Personal details">
        <p className="auth-form__note">Tell us who you are. Fields marked optional can be left blank.</p>
        <div className="auth-form__row auth-form__row--2">
          <TextField
            label="First name"
            name="first_name"
            autoComplete="given-name"
            required
            value={draft.first_name}
            error={errors.first_name}
            onChange={(e) => change('first_name', e.target.value)}
          />
          <TextField
            label="Last name"
            name="last_name"
            autoComplete="family-name"
            required
            value={draft.last_name}
            error={errors.last_name}
            onChange={(e) => change('last_name', e.target.value)}
          />
        </div>
        <div className="auth-form__row auth-form__row--2">
          <SelectField
            label="Middle initial (optional)"
            name="middle_initial"
            placeholder="None"
            options={MIDDLE_INITIAL_OPTIONS}
            value={draft.middle_initial}
            onChange={(e) => change('middle_initial', e.target.value)}
          />
          <SelectField
            label="Suffix (optional)"
            name="suffix"
            placeholder="None"
            options={SUFFIX_OPTIONS}
            value={draft.suffix}
            onChange={(e) => change('suffix', e.target.value)}
          />
        </div>
        <SelectField
          label="Gender"
          name="gender"
          placeholder="Select gender"
          required
          options={GENDER_OPTIONS}
          value={draft.gender}
          error={errors.gender}
          onChange={(e) => change('gender', e.target.value)}
        />
        <button type="submit" className="button auth-submit">
          Next
        </button>
      </form>
    </AuthCard>
  );
}
