import { useRef, useState, type FormEvent } from 'react';
import {
  APPLICATION_DESCRIPTION_MAX,
  APPLICATION_DESCRIPTION_MIN,
  CONTACT_PERSON_MAX,
  CONTACT_PERSON_MIN,
  ORGANIZATION_MAX,
  ORGANIZATION_MIN,
  ORGANIZER_APPLICATION_MESSAGES,
  normalizePhone,
} from '@sports/contracts';
import type { OrganizerApplicationRequest } from '@sports/contracts';
import { FormAlert, SubmitButton } from '../auth-ui/auth-card';
import { requestErrorMessage } from '../auth-ui/errors';
import { TextAreaField, TextField } from '../auth-ui/fields';
import { useFocusFirstError } from '../auth-ui/use-focus-first-error';
import { useApply } from './api/use-apply';

type Errors = Partial<Record<keyof OrganizerApplicationRequest, string>>;

function lengthError(value: string, label: string, min: number, max: number, tooShort = `${label} must be at least ${min} characters`): string | undefined {
  const text = value.trim();
  if (text === '') return `${label} is required`;
  if (text.length < min) return tooShort;
  if (text.length > max) return `${label} is too long (at most ${max} characters)`;
  return undefined;
}

/** The same checks as organizerApplicationRequestSchema, so the visitor sees each field's problem at once. */
function validate(form: OrganizerApplicationRequest): Errors {
  return {
    organization: lengthError(form.organization, 'Organization', ORGANIZATION_MIN, ORGANIZATION_MAX),
    contactPerson: lengthError(form.contactPerson, 'Contact person', CONTACT_PERSON_MIN, CONTACT_PERSON_MAX),
    phone: form.phone.trim() === '' ? 'Phone is required' : normalizePhone(form.phone.trim()) ? undefined : ORGANIZER_APPLICATION_MESSAGES.phone,
    description: lengthError(
      form.description,
      'What you run',
      APPLICATION_DESCRIPTION_MIN,
      APPLICATION_DESCRIPTION_MAX,
      `Tell us a little more about what you run (at least ${APPLICATION_DESCRIPTION_MIN} characters)`,
    ),
  };
}

interface ApplicationFormProps {
  /** Prefills the contact person (the account's name). */
  defaultContact: string;
}

/** The organizer application (POST /api/organizer-applications). */
export function ApplicationForm({ defaultContact }: ApplicationFormProps) {
  const formRef = useRef<HTMLFormElement>(null);
  const focusFirstError = useFocusFirstError(formRef);
  const [form, setForm] = useState<OrganizerApplicationRequest>({ organization: '', contactPerson: defaultContact, phone: '', description: '' });
  const [errors, setErrors] = useState<Errors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const apply = useApply();
  const busy = apply.isPending;

  const field = (name: keyof OrganizerApplicationRequest) => ({
    name,
    value: form[name],
    error: errors[name],
    onChange: (event: { target: { value: string } }) => setForm((current) => ({ ...current, [name]: event.target.value })),
  });

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const found = validate(form);
    setErrors(found);
    setFailure(null);
    if (Object.values(found).some(Boolean)) {
      focusFirstError();
      return;
    }
    apply.mutate(form, { onError: (error) => setFailure(requestErrorMessage(error, 'Your application could not be sent. Please try again.')) });
  }

  return (
    <form ref={formRef} className="auth-form" aria-label="Apply to ticket your event" noValidate onSubmit={submit}>
      <FormAlert message={failure} />
      <TextField label="Organization" autoComplete="organization" required maxLength={ORGANIZATION_MAX} {...field('organization')} />
      <TextField label="Contact person" autoComplete="name" required maxLength={CONTACT_PERSON_MAX} {...field('contactPerson')} />
      <TextField label="Phone" type="tel" autoComplete="tel" inputMode="tel" required maxLength={30} hint="A Philippine number, like 0917 123 4567." {...field('phone')} />
      <TextAreaField
        label="What do you run?"
        rows={5}
        required
        maxLength={APPLICATION_DESCRIPTION_MAX}
        hint="The events you organize: what, how often, and for how many people."
        className="info-textarea"
        {...field('description')}
      />
      <SubmitButton busy={busy} busyText="Sending…">
        Send Application
      </SubmitButton>
    </form>
  );
}
