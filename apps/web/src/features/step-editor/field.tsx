import { useId } from 'react';
import type { ReactNode } from 'react';

/** Attributes a field passes to its control so the label, hint and error are tied to it. */
export interface ControlProps {
  id: string;
  'aria-invalid'?: true;
  'aria-describedby'?: string;
}

/** Props of `Field`. */
export interface FieldProps {
  label: string;
  /** The error text, when the value is refused. */
  error?: string | null;
  hint?: string;
  className?: string;
  children: (control: ControlProps) => ReactNode;
}

/** A labelled form control with an optional hint and error message. */
export function Field({ label, error, hint, className, children }: FieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ');
  return (
    <div className={className ? `se-field ${className}` : 'se-field'}>
      <label className="se-field__label" htmlFor={id}>
        {label}
      </label>
      {children({
        id,
        ...(error ? { 'aria-invalid': true } : {}),
        ...(describedBy ? { 'aria-describedby': describedBy } : {}),
      })}
      {hint ? (
        <p id={hintId} className="se-field__hint">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="se-field__error">
          {error}
        </p>
      ) : null}
    </div>
  );
}
