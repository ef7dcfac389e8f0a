import { useId } from 'react';
import './data-screens.css';

export interface SelectOption {
  value: string;
  label: string;
}

export interface FilterSelectProps {
  /** Visible label, e.g. "Status". */
  label: string;
  /** The current value, usually from `useFilterParam(name, …)`. */
  value: string;
  onChange: (value: string) => void;
  options: readonly SelectOption[];
  /** Adds a first option with the value '' ("All statuses"). */
  allLabel?: string;
  disabled?: boolean;
  className?: string;
}

/**
 * A labelled select for one filter of a list. Keep its value in the URL with `useFilterParam`:
 *   const [status, setStatus] = useFilterParam('status', { allowed: STATUSES });
 *   <FilterSelect label="Status" value={status} onChange={setStatus} options={…} allLabel="All statuses" />
 */
export function FilterSelect({ label, value, onChange, options, allLabel, disabled = false, className }: FilterSelectProps) {
  const id = useId();
  return (
    <div className={`ds-field${className ? ` ${className}` : ''}`}>
      <label className="ds-field__label" htmlFor={id}>
        {label}
      </label>
      <select id={id} className="ds-select" value={value} disabled={disabled} onChange={(event) => onChange(event.target.value)}>
        {allLabel !== undefined ? <option value="">{allLabel}</option> : null}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}

export interface EventOption {
  id: number | string;
  name: string;
}

export interface EventSelectProps extends Omit<FilterSelectProps, 'options' | 'label'> {
  /** The events to choose from (the caller loads them). */
  events: readonly EventOption[];
  /** Default "Event". */
  label?: string;
  /** True while the events load: the select is disabled and says so. */
  loading?: boolean;
}

/** The ids of `events` as the `allowed` values of `useFilterParam`. */
export function eventIds(events: readonly EventOption[] | undefined): string[] | undefined {
  return events?.map((event) => String(event.id));
}

/**
 * The event selector of the organizer lists: a FilterSelect over events.
 *   const [eventId, setEventId] = useFilterParam('event', { allowed: eventIds(events.data) });
 *   <EventSelect events={events.data ?? []} loading={events.isPending} value={eventId} onChange={setEventId} allLabel="All events" />
 */
export function EventSelect({ events, label = 'Event', loading = false, allLabel, disabled, ...rest }: EventSelectProps) {
  const options = events.map((event) => ({ value: String(event.id), label: event.name }));
  return (
    <FilterSelect
      {...rest}
      label={label}
      options={options}
      allLabel={loading ? 'Loading events…' : allLabel}
      disabled={disabled || loading}
    />
  );
}
