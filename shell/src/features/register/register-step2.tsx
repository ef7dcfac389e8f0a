import type { LocationItem } from '@sports/contracts';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate } from '@sports/router';
import { AuthCard, StepIndicator } from '../auth-ui/auth-card';
import { SelectField, TextField, type SelectOption } from '../auth-ui/fields';
import { useFocusFirstError } from '../auth-ui/use-focus-first-error';
import { RequireEarlierSteps, useRegistration } from './registration-context';
import { hasErrors, step2Errors, STEP_PATHS, type FieldErrors, type RegistrationDraft, type Step2Field } from './registration-draft';
import { useLocations, type LocationOptions } from './use-locations';
import './register.css';

type LevelField = 'region_id' | 'province_id' | 'city_id' | 'barangay_id';

/** SPEC §4 address cascade, top down: each level lists the places inside the one chosen above it. */
const LEVELS: ReadonlyArray<{ field: LevelField; label: string; placeholder: string; noun: string }> = [
  { field: 'region_id', label: 'Region', placeholder: 'Select region', noun: 'region' },
  { field: 'province_id', label: 'Province', placeholder: 'Select province', noun: 'province' },
  { field: 'city_id', label: 'City/Municipality', placeholder: 'Select city/municipality', noun: 'city/municipality' },
  { field: 'barangay_id', label: 'Barangay', placeholder: 'Select barangay', noun: 'barangay' },
];

function toOptions(items: LocationItem[] | null): SelectOption[] {
  return (items ?? []).map((item) => ({ value: item.id, label: item.name }));
}

/** Hint under a select while it cannot be used yet: the level above is not chosen (its noun), or the list is loading. */
function cascadeHint(options: LocationOptions, unchosenParent: string | null): string | undefined {
  if (unchosenParent) return `Select a ${unchosenParent} first.`;
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

  const lists: Record<LevelField, LocationOptions> = {
    region_id: useLocations('regions', ''),
    province_id: useLocations('provinces', draft.region_id || null),
    city_id: useLocations('cities', draft.province_id || null),
    barangay_id: useLocations('barangays', draft.city_id || null),
  };

  // A province-level city (Quezon City, City of Angeles) is its own only city: take it, never ask again.
  const provinceIsCity = lists.province_id.items?.find((p) => p.id === draft.province_id)?.independentCity === true;
  const onlyCity = provinceIsCity && lists.city_id.items?.length === 1 ? lists.city_id.items[0] : undefined;
  useEffect(() => {
    if (onlyCity && draft.city_id !== onlyCity.id) update({ city_id: onlyCity.id, barangay_id: '' });
  }, [onlyCity, draft.city_id, update]);
  const someProvincesAreCities = lists.province_id.items?.some((p) => p.independentCity) === true;

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
    const effective: RegistrationDraft = { ...draft };
    for (const { field } of LEVELS) effective[field] = known(draft[field], lists[field].items);
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
      {LEVELS.map(({ field }) => (
        <LoadFailure key={field} options={lists[field]} />
      ))}
      <form ref={formRef} className="auth-form" noValidate onSubmit={onSubmit} aria-label="Address">
        {LEVELS.map(({ field, label, placeholder }, index) => {
          if (field === 'city_id' && provinceIsCity) return null;
          const parent = field === 'barangay_id' && provinceIsCity ? LEVELS[1] : LEVELS[index - 1];
          const [levelLabel, levelPlaceholder] = field === 'province_id' && someProvincesAreCities ? ['Province or city', 'Select province or city'] : [label, placeholder];
          const options = lists[field];
          const below = Object.fromEntries(LEVELS.slice(index + 1).map((level) => [level.field, '']));
          return (
            <SelectField
              key={field}
              label={levelLabel}
              name={field}
              placeholder={levelPlaceholder}
              required
              disabled={options.items === null}
              hint={cascadeHint(options, parent && draft[parent.field] === '' ? parent.noun : null)}
              options={toOptions(options.items)}
              value={draft[field]}
              error={errors[field]}
              onChange={(e) => change({ [field]: e.target.value, ...below })}
            />
          );
        })}
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
