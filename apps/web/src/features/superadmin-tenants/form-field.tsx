import { useId } from 'react';
import type { ReactNode } from 'react';

/** The attributes a field gives its control: its id and the ids of its hint and error. */
export interface ControlProps {
  id: string;
  'aria-describedby'?: string;
  'aria-invalid'?: true;
  'aria-required'?: true;
}

/** Props of `Field`. */
export interface FieldProps {
  label: string;
  hint?: ReactNode;
  error?: string | null;
  required?: boolean;
  /** Extra class, e.g. `sa-field--wide` to span both columns. */
  className?: string;
  children: (control: ControlProps) => ReactNode;
}

/** A labelled form control with an optional hint and error, wired for assistive technology. */
export function Field({ label, hint, error, required, className, children }: FieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : '', error ? errorId : ''].filter(Boolean).join(' ');
  const labelClass = required ? 'sa-field__label sa-field__label--required' : 'sa-field__label';
  return (
    <div className={className ? `sa-field ${className}` : 'sa-field'}>
      <label htmlFor={id} className={labelClass}>
        {label}
      </label>
      {children({
        id,
        'aria-describedby': describedBy || undefined,
        'aria-invalid': error ? true : undefined,
        'aria-required': required ? true : undefined,
      })}
      {hint ? (
        <div id={hintId} className="sa-field__hint">
          {hint}
        </div>
      ) : null}
      {error ? (
        <p id={errorId} className="sa-field__error">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** Props of `TextField`. */
export interface TextFieldProps extends Omit<FieldProps, 'children'> {
  value: string;
  onValueChange: (value: string) => void;
  type?: 'text' | 'email' | 'password' | 'tel' | 'date' | 'color';
  multiline?: boolean;
  autoComplete?: string;
}

/** A `Field` holding a text input (or a textarea when `multiline`). */
export function TextField({
  value,
  onValueChange,
  type = 'text',
  multiline,
  autoComplete,
  ...field
}: TextFieldProps) {
  return (
    <Field {...field}>
      {(control) =>
        multiline ? (
          <textarea
            {...control}
            className="sa-input"
            rows={3}
            value={value}
            onChange={(event) => onValueChange(event.target.value)}
          />
        ) : (
          <input
            {...control}
            className={type === 'color' ? 'sa-input sa-input--color' : 'sa-input'}
            type={type}
            value={value}
            autoComplete={autoComplete}
            onChange={(event) => onValueChange(event.target.value)}
          />
        )
      }
    </Field>
  );
}
