import { useEffect, useId, useState } from 'react';
import { locationQuery } from '@sports/api-client/locations';
import { organizerQueries } from '@sports/api-client/organizer';
import { placeLine } from '@sports/contracts';
import { keepPreviousData, useQuery } from '@sports/query';
import { FormField } from '../../shared/form-field';
import type { CityChoice } from './event-form';

const SEARCH_DELAY_MS = 300;

function useDebounced(value: string, delay: number): string {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  return debounced;
}

const cityLabel = (city: CityChoice) => placeLine([city.name, city.province]);

interface CityFieldProps {
  city: CityChoice | null;
  onChange: (city: CityChoice | null) => void;
  error?: string | undefined;
  selectRef?: React.RefObject<HTMLSelectElement | null>;
}

/** The city select: the PSGC cities and municipalities (GET /api/organizer/cities), narrowed by a search field. */
export function CityField({ city, onChange, error, selectRef }: CityFieldProps) {
  const searchId = useId();
  const [search, setSearch] = useState('');
  const term = useDebounced(search, SEARCH_DELAY_MS);
  const cities = useQuery({ ...organizerQueries.cities(term), placeholderData: keepPreviousData });
  const found = cities.data ?? [];
  // The chosen city stays an option whatever the search shows.
  const choices = city && !found.some((c) => c.code === city.code) ? [city, ...found] : found;
  return (
    <div className="org-city">
      <div className="ds-field org-field">
        <label className="ds-field__label" htmlFor={searchId}>
          Find a city
        </label>
        <input
          id={searchId}
          className="ds-input"
          type="search"
          value={search}
          placeholder="Type part of its name"
          autoComplete="off"
          onChange={(event) => setSearch(event.target.value)}
        />
      </div>
      <FormField
        label="City"
        required
        error={error}
        hint={cities.isError ? 'The cities could not be loaded. Type again to retry.' : cities.isFetching ? 'Loading cities…' : `${found.length === 50 ? 'First 50 matches' : `${found.length} ${found.length === 1 ? 'match' : 'matches'}`}${term ? ` for "${term}"` : ''}.`}
      >
        <select
          ref={selectRef}
          className="ds-select"
          value={city?.code ?? ''}
          onChange={(event) => onChange(choices.find((c) => c.code === event.target.value) ?? null)}
        >
          <option value="">Choose a city</option>
          {choices.map((c) => (
            <option key={c.code} value={c.code}>
              {cityLabel(c)}
            </option>
          ))}
        </select>
      </FormField>
    </div>
  );
}

interface BarangayFieldProps {
  cityCode: string | null;
  value: string;
  onChange: (code: string) => void;
  error?: string | undefined;
  selectRef?: React.RefObject<HTMLSelectElement | null>;
}

/** The barangays of the chosen city (SPEC §7's GET /api/locations.php?type=barangays&id=). */
export function BarangayField({ cityCode, value, onChange, error, selectRef }: BarangayFieldProps) {
  const barangays = useQuery({ ...locationQuery('barangays', cityCode ?? undefined), enabled: cityCode !== null });
  const hint = !cityCode ? 'Choose a city first.' : barangays.isPending ? 'Loading barangays…' : barangays.isError ? 'The barangays could not be loaded.' : undefined;
  return (
    <FormField label="Barangay" required error={error} hint={hint}>
      <select ref={selectRef} className="ds-select" value={value} disabled={!cityCode || !barangays.data} onChange={(event) => onChange(event.target.value)}>
        <option value="">{cityCode && barangays.isPending ? 'Loading barangays…' : 'Choose a barangay'}</option>
        {(barangays.data ?? []).map((b) => (
          <option key={b.id} value={b.id}>
            {b.name}
          </option>
        ))}
      </select>
    </FormField>
  );
}
