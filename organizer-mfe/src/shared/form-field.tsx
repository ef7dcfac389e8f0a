import { cloneElement, useId } from 'react';
import type { ReactElement, ReactNode } from 'react';

interface FieldControlProps {
  id?: string;
  'aria-invalid'?: boolean;
  'aria-describedby'?: string;
  'aria-required'?: boolean;
}

interface FormFieldProps {
  label: ReactNode;
  /** The input, select or textarea: it gets the id, aria-invalid and aria-describedby. */
  children: ReactElement<FieldControlProps>;
  error?: string | undefined;
  hint?: ReactNode;
  required?: boolean;
  className?: string;
}

/** A labelled form control with its hint and its message (read out with the control). */
export function FormField({ label, children, error, hint, required = false, className }: FormFieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={`ds-field org-field${error ? ' org-field--invalid' : ''}${className ? ` ${className}` : ''}`}>
      <label className="ds-field__label" htmlFor={id}>
        {label}
        {required ? <span className="org-field__required"> (required)</span> : null}
      </label>
      {cloneElement(children, { id, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy, 'aria-required': required || undefined })}
      {hint ? (
        <p id={hintId} className="org-field__hint">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="org-field__error">
          {error}
        </p>
      ) : null}
    </div>
  );
}
