import { useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate } from '@sports/router';
import { AuthCard, StepIndicator } from '../auth-ui/auth-card';
import { useFocusFirstError } from '../auth-ui/use-focus-first-error';
import { AddressFields, AddressLoadFailures, knownAddress, useAddressLists } from './address-fields';
import { RequireEarlierSteps, useRegistration } from './registration-context';
import { hasErrors, step2Errors, STEP_PATHS, type FieldErrors, type RegistrationDraft, type Step2Field } from './registration-draft';
import './register.css';

function AddressForm() {
  const { draft, update } = useRegistration();
  const navigate = useNavigate();
  const [errors, setErrors] = useState<FieldErrors<Step2Field>>({});
  const formRef = useRef<HTMLFormElement>(null);
  const focusFirstError = useFocusFirstError(formRef);
  const lists = useAddressLists(draft, update);

  /** SPEC §4: changing a level clears every level below it. */
  function change(patch: Partial<RegistrationDraft>) {
    update(patch);
    setErrors((e) => {
      const next = { ...e };
      for (const field of Object.keys(patch)) delete next[field as Step2Field];
      return next;
    });
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const next = step2Errors(knownAddress(draft, lists));
    setErrors(next);
    if (hasErrors(next)) {
      focusFirstError();
      return;
    }
    void navigate(STEP_PATHS[3]);
  }

  return (
    <AuthCard wide title="Address Details" intro={<StepIndicator current={2} total={3} />}>
      <AddressLoadFailures lists={lists} />
      <form ref={formRef} className="auth-form" noValidate onSubmit={onSubmit} aria-label="Address">
        <AddressFields value={draft} lists={lists} errors={errors} onChange={change} />
        <div className="auth-form__actions">
          <Link to={STEP_PATHS[1]} className="auth-secondary">
            Back
          </Link>
          <button type="submit" className="button auth-submit">
            Next
          </button>
        </div>
      </form>
    </AuthCard>
  );
}

/** /register2: SPEC "Registration" step 2 of 3, Address Details. */
export function RegisterStep2() {
  return (
    <RequireEarlierSteps step={2}>
      <AddressForm />
    </RequireEarlierSteps>
  );
}
