import type { RefObject } from 'react';
import { CHECKIN_WINDOW_LIMITS } from '@sports/contracts';
import { FormField } from '../../shared/form-field';
import { CLOSES_LABEL, OPENS_LABEL, closesHint, opensHint } from './checkin-window';

interface MinutesFieldProps {
  label: string;
  hint: string;
  value: string;
  error: string | undefined;
  inputRef: RefObject<HTMLInputElement>;
  onChange: (value: string) => void;
  onBlur: () => void;
}

function MinutesField({ label, hint, value, error, inputRef, onChange, onBlur }: MinutesFieldProps) {
  return (
    <FormField label={label} error={error} hint={hint}>
      <input
        ref={inputRef}
        className="ds-input org-input--short"
        type="number"
        inputMode="numeric"
        min={CHECKIN_WINDOW_LIMITS.min}
        max={CHECKIN_WINDOW_LIMITS.max}
        step={1}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        onBlur={onBlur}
      />
    </FormField>
  );
}

type Side = 'opensMinutes' | 'closesMinutes';

interface CheckinWindowFieldsProps {
  /** The typed start and end: the hints say the clock times the window gives. */
  start: string;
  end: string;
  values: Record<Side, string>;
  errors: Partial<Record<Side, string | undefined>>;
  refs: Record<Side, RefObject<HTMLInputElement>>;
  onChange: (side: Side, value: string) => void;
  onBlur: (side: Side) => void;
}

/** Create Event's Check-in fieldset: when the doors open before the start and when check-in closes after the end. */
export function CheckinWindowFields({ start, end, values, errors, refs, onChange, onBlur }: CheckinWindowFieldsProps) {
  return (
    <fieldset className="org-fieldset">
      <legend>Check-in</legend>
      <MinutesField
        label={OPENS_LABEL}
        hint={opensHint(start, values.opensMinutes)}
        value={values.opensMinutes}
        error={errors.opensMinutes}
        inputRef={refs.opensMinutes}
        onChange={(value) => onChange('opensMinutes', value)}
        onBlur={() => onBlur('opensMinutes')}
      />
      <MinutesField
        label={CLOSES_LABEL}
        hint={closesHint(end, values.closesMinutes)}
        value={values.closesMinutes}
        error={errors.closesMinutes}
        inputRef={refs.closesMinutes}
        onChange={(value) => onChange('closesMinutes', value)}
        onBlur={() => onBlur('closesMinutes')}
      />
    </fieldset>
  );
}
