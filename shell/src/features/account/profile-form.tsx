import type { Profile, ProfileUpdateRequest } from '@sports/contracts';
import { updateMyProfile, myProfileQuery } from '@sports/api-client/account';
import { sessionQuery } from '@sports/api-client/auth';
import { useQueryClient } from '@sports/query';
import { useCallback, useRef, useState, type FormEvent } from 'react';
import { FormAlert, FormNotice, SubmitButton } from '../auth-ui/auth-card';
import { requestErrorMessage } from '../auth-ui/errors';
import { SelectField, TextField } from '../auth-ui/fields';
import { useFocusFirstError } from '../auth-ui/use-focus-first-error';
import { AddressFields, AddressLoadFailures, knownAddress, useAddressLists } from '../register/address-fields';
import { GENDER_OPTIONS, MIDDLE_INITIAL_OPTIONS, SUFFIX_OPTIONS } from '../register/options';
import { hasErrors, step1Errors, step2Errors, type FieldErrors, type Step1Field, type Step2Field } from '../register/registration-draft';

type ProfileDraft = Omit<ProfileUpdateRequest, 'suffix' | 'gender'> & { suffix: string; gender: string };
type ProfileField = Step1Field | Step2Field;

function draftOf(profile: Profile): ProfileDraft {
  const { first_name, last_name, middle_initial, suffix, gender, region_id, province_id, city_id, barangay_id, house_address } = profile;
  return { first_name, last_name, middle_initial, suffix, gender, region_id, province_id, city_id, barangay_id, house_address };
}

export const PROFILE_SAVED = 'Your profile has been saved.';

/** Profile: names, gender and address, with the registration's rules and address pickers. */
export function ProfileForm({ profile }: { profile: Profile }) {
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState<ProfileDraft>(() => draftOf(profile));
  const [errors, setErrors] = useState<FieldErrors<ProfileField>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const [busy, setBusy] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const focusFirstError = useFocusFirstError(formRef);

  const update = useCallback((patch: Partial<ProfileDraft>) => setDraft((d) => ({ ...d, ...patch })), []);
  const lists = useAddressLists(draft, update);

  function change(patch: Partial<ProfileDraft>) {
    update(patch);
    setSaved(false);
    setErrors((e) => {
      const next = { ...e };
      for (const field of Object.keys(patch)) delete next[field as ProfileField];
      return next;
    });
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const effective = { ...knownAddress(draft, lists), email: profile.email };
    const next = { ...step1Errors(effective), ...step2Errors(effective) };
    setErrors(next);
    if (hasErrors(next)) {
      focusFirstError();
      return;
    }
    setFormError(null);
    setBusy(true);
    try {
      const updated = await updateMyProfile(draft as ProfileUpdateRequest);
      queryClient.setQueryData(myProfileQuery().queryKey, updated);
      // The header shows the session's name: ask the server again.
      void queryClient.invalidateQueries({ queryKey: sessionQuery().queryKey });
      setSaved(true);
    } catch (error) {
      setFormError(requestErrorMessage(error, 'Your profile could not be saved.'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <AddressLoadFailures lists={lists} />
      <FormAlert message={formError} />
      <FormNotice message={saved ? PROFILE_SAVED : null} />
      <form ref={formRef} className="auth-form" noValidate onSubmit={(event) => void onSubmit(event)} aria-label="Profile">
        <div className="auth-form__row auth-form__row--2">
          <TextField
            label="First name"
            name="first_name"
            autoComplete="given-name"
            required
            value={draft.first_name}
            error={errors.first_name}
            onChange={(e) => change({ first_name: e.target.value })}
          />
          <TextField
            label="Last name"
            name="last_name"
            autoComplete="family-name"
            required
            value={draft.last_name}
            error={errors.last_name}
            onChange={(e) => change({ last_name: e.target.value })}
          />
        </div>
        <div className="auth-form__row auth-form__row--2">
          <SelectField
            label="Middle initial (optional)"
            name="middle_initial"
            placeholder="None"
            options={MIDDLE_INITIAL_OPTIONS}
            value={draft.middle_initial}
            onChange={(e) => change({ middle_initial: e.target.value })}
          />
          <SelectField
            label="Suffix (optional)"
            name="suffix"
            placeholder="None"
            options={SUFFIX_OPTIONS}
            value={draft.suffix}
            onChange={(e) => change({ suffix: e.target.value })}
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
          onChange={(e) => change({ gender: e.target.value })}
        />
        <AddressFields value={draft} lists={lists} errors={errors} onChange={change} />
        <SubmitButton busy={busy} busyText="Saving…">
          Save profile
        </SubmitButton>
      </form>
    </>
  );
}
