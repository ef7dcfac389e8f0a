import type { LocationItem } from '@sports/contracts';
import { useEffect } from 'react';
import { SelectField, TextField, type SelectOption } from '../auth-ui/fields';
import type { FieldErrors, Step2Field } from './registration-draft';
import { useLocations, type LocationOptions } from './use-locations';

/*
 * SPEC §4's address cascade (registration step 2, My Account): region, province, city/municipality,
 * barangay and house address, each level listing the places inside the one chosen above it.
 */

type LevelField = 'region_id' | 'province_id' | 'city_id' | 'barangay_id';
export type AddressValue = Record<LevelField | 'house_address', string>;
export type AddressLists = Record<LevelField, LocationOptions>;

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

/**
 * The four lists for the chosen address. A province-level city (Quezon City, City of Angeles) is
 * its own only city: it is taken as the city at once (`update`), never asked for.
 */
export function useAddressLists(value: AddressValue, update: (patch: Partial<AddressValue>) => void): AddressLists {
  const lists: AddressLists = {
    region_id: useLocations('regions', ''),
    province_id: useLocations('provinces', value.region_id || null),
    city_id: useLocations('cities', value.province_id || null),
    barangay_id: useLocations('barangays', value.city_id || null),
  };
  const provinceIsCity = lists.province_id.items?.find((p) => p.id === value.province_id)?.independentCity === true;
  const onlyCity = provinceIsCity && lists.city_id.items?.length === 1 ? lists.city_id.items[0] : undefined;
  useEffect(() => {
    if (onlyCity && value.city_id !== onlyCity.id) update({ city_id: onlyCity.id, barangay_id: '' });
  }, [onlyCity, value.city_id, update]);
  return lists;
}

/** The address with every chosen id that its loaded list does not contain (a stale draft) cleared. */
export function knownAddress<T extends AddressValue>(value: T, lists: AddressLists): T {
  const known = { ...value };
  for (const { field } of LEVELS) {
    const items = lists[field].items;
    if (items !== null && !items.some((item) => item.id === value[field])) known[field] = '';
  }
  return known;
}

/** A list that failed to load, with a way to ask again. */
export function AddressLoadFailures({ lists }: { lists: AddressLists }) {
  return (
    <>
      {LEVELS.map(({ field }) =>
        lists[field].error ? (
          <div key={field} className="form-alert register__load-error">
            <span role="alert">{lists[field].error}</span>
            <button type="button" className="auth-link-button" onClick={lists[field].retry}>
              Try again
            </button>
          </div>
        ) : null,
      )}
    </>
  );
}

interface AddressFieldsProps {
  value: AddressValue;
  lists: AddressLists;
  errors: FieldErrors<Step2Field>;
  /** SPEC §4: changing a level clears every level below it (the patch says so). */
  onChange: (patch: Partial<AddressValue>) => void;
}

/** The selects of the cascade and the house address. */
export function AddressFields({ value, lists, errors, onChange }: AddressFieldsProps) {
  const provinceIsCity = lists.province_id.items?.find((p) => p.id === value.province_id)?.independentCity === true;
  const someProvincesAreCities = lists.province_id.items?.some((p) => p.independentCity) === true;
  return (
    <>
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
            hint={cascadeHint(options, parent && value[parent.field] === '' ? parent.noun : null)}
            options={toOptions(options.items)}
            value={value[field]}
            error={errors[field]}
            onChange={(e) => onChange({ [field]: e.target.value, ...below })}
          />
        );
      })}
      <TextField
        label="House address"
        name="house_address"
        autoComplete="street-address"
        required
        hint="House or unit number, street, subdivision"
        value={value.house_address}
        error={errors.house_address}
        onChange={(e) => onChange({ house_address: e.target.value })}
      />
    </>
  );
}
