import { useId } from 'react';
import type { ReactNode } from 'react';
import './data-screens.css';

export interface ReasonFieldProps {
  label: string;
  /** Under the field, as its description: who reads the reason. */
  hint: ReactNode;
  value: string;
  onChange: (value: string) => void;
  /** The API refused the reason (a 400): the field is marked. */
  invalid: boolean;
  maxLength: number;
  rows?: number;
}

/** A dialog's required reason (reject a request, cancel an event): a labelled textarea with its hint. */
export function ReasonField({ label, hint, value, onChange, invalid, maxLength, rows = 3 }: ReasonFieldProps) {
  const id = useId();
  const hintId = useId();
  return (
    <div className="ds-field ds-field--reason">
      <label className="ds-field__label" htmlFor={id}>
        {label}
      </label>
      <textarea
        id={id}
        className="ds-input"
        rows={rows}
        required
        maxLength={maxLength}
        aria-invalid={invalid || undefined}
        aria-describedby={hintId}
        value={value}
        onChange={(change) => onChange(change.target.value)}
      />
      <p id={hintId} className="ds-field__hint">
        {hint}
      </p>
    </div>
  );
}
