import type { LocationItem } from '@sports/contracts';
import { useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { AuthCard, StepIndicator } from '../auth-ui/auth-card';
import { SelectField, TextField, type SelectOption } from '../auth-ui/fields';
import { useFocusFirstError } from '../auth-ui/use-focus-first-error';
import { RequireEarlierSteps, useRegistration } from './registration-context';
import { hasErrors, step2Errors, STEP_PATHS, type FieldErrors, type RegistrationDraft, type Step2Field } from './registration-draft';
import { useLocations, type LocationOptions } from './use-locations';
import './register.css';

function toOptions(items: LocationItem[] | null): SelectOption[] {
  return (items ?? []).map((item) => ({ value: item.id, label: item.name }));
}

/** Hint under a dependent select while it cannot be used yet. */
function cascadeHint(options: LocationOptions, parentChosen: boolean, parentLabel: string): string | undefined {
  if (!parentChosen) return `Select a ${parentLabel} first.`;
  if (options.loading) return 'Loading…';
  return undefined;
}

/** A chosen id that the loaded list does not contain (stale draft) counts as not chosen. */
function known(id: string, items: LocationItem[] | null): string {
  return items === null || items.some((item) => item.id === id) ? id : '';
}

function LoadFailure({ options }: { options: LocationOptions }) {
  if (!options.error) return null;
  return (
    <div className="form-alert register__load-error">
      <span role="alert">{options.error}</span>
      <button type="button" className="auth-link-button" onClick={options.retry}>
        Try again
      </button>
    </div>
  );
}

function AddressForm() {
  const { draft, update } = useRegistration();
  const navigate = useNavigate();
  const [errors, setErrors] = useState<FieldErrors<Step2Field>>({});
  const formRef = useRef<HTMLFormElement>(null);
  const focusFirstError = useFocusFirstError(formRef);

  const regions = useLocations('regions', '');
  const provinces = useLocations('provinces', draft.region_id || null);
  const cities = useLocations('cities', draft.province_id || null);
  const barangays = useLocations('barangays', draft.city_id || null);

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
    const effective: RegistrationDraft = {
      ...draft,
      region_id: known(draft.region_id, regions.items),
      province_id: known(draft.province_id, provinces.items),
      city_id: known(draft.city_id, cities.items),
      barangay_id: known(draft.barangay_id, barangays.items),
    };
    const next = step2Errors(effective);
    setErrors(next);
    if (hasErrors(next)) {
      focusFirstError();
      return;
    }
    void navigate(STEP_PATHS[3]);
  }

  return (
    <AuthCard wide title="Address Details" intro={<StepIndicator current={2} total={3} />}>
      <LoadFailure options={regions} />
      <LoadFailure options={provinces} />
      <LoadFailure options={cities} />
      <LoadFailure options={barangays} />
      <form ref={formRef} className="auth-form" noValidate onSubmit={onSubmit} aria-label="Address">
        <SelectField
          label="Region"
          name="region_id"
          placeholder="Select region"
          required
          disabled={regions.items === null}
          hint={regions.loading ? 'Loading…' : undefined}
          options={toOptions(regions.items)}
          value={draft.region_id}
          error={errors.region_id}
          onChange={(e) => change({ region_id: e.target.value, province_id: '', city_id: '', barangay_id: '' })}
        />
        <SelectField
          label="Province"
          name="province_id"
          placeholder="Select province"
          required
          disabled={provinces.items === null}
          hint={cascadeHint(provinces, draft.region_id !== '', 'region')}
          options={toOptions(provinces.items)}
          value={draft.province_id}
          error={errors.province_id}
          onChange={(e) => change({ province_id: e.target.value, city_id: '', barangay_id: '' })}
        />
        <SelectField
          label="City/Municipality"
          name="city_id"
          placeholder="Select city/municipality"
          required
          disabled={cities.items === null}
          hint={cascadeHint(cities, draft.province_id !== '', 'province')}
          options={toOptions(cities.items)}
          value={draft.city_id}
          error={errors.city_id}
          onChange={(e) => change({ city_id: e.target.value, barangay_id: '' })}
        />
        <SelectField
          label="Barangay"
          name="barangay_id"
          placeholder="Select barangay"
          required
          disabled={barangays.items === null}
          hint={cascadeHint(barangays, draft.city_id !== '', 'city/municipality')}
          options={toOptions(barangays.items)}
          value={draft.barangay_id}
          error={errors.barangay_id}
          onChange={(e) => change({ barangay_id: e.target.value })}
        />
        <TextField
          label="House address"
          name="house_address"
          autoComplete="street-address"
          required
          hint="House or unit number, street, subdivision"
          value={draft.house_address}
          error={errors.house_address}
          onChange={(e) => change({ house_address: e.target.value })}
        />
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
