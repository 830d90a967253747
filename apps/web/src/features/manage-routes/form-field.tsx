import { useId } from 'react';
import type { ReactNode } from 'react';

/** The attributes a field gives its control: its id and the ids of its hint and error. */
export interface ControlProps {
  id: string;
  className: string;
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
  wide?: boolean;
  children: (control: ControlProps) => ReactNode;
}

/** A labelled control with an optional hint and error, wired for assistive technology. */
export function Field({ label, hint, error, required, wide, children }: FieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : '', error ? errorId : ''].filter(Boolean).join(' ');
  return (
    <div className={wide ? 'mr-field mr-field--wide' : 'mr-field'}>
      <label
        htmlFor={id}
        className={required ? 'mr-field__label mr-field__label--required' : 'mr-field__label'}
      >
        {label}
      </label>
      {children({
        id,
        className: 'mr-input',
        'aria-describedby': describedBy || undefined,
        'aria-invalid': error ? true : undefined,
        'aria-required': required ? true : undefined,
      })}
      {hint ? (
        <div id={hintId} className="mr-field__hint">
          {hint}
        </div>
      ) : null}
      {error ? (
        <p id={errorId} className="mr-field__error">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** Props of `ChoiceGroup`. */
export interface ChoiceGroupProps<T extends string> {
  legend: string;
  name: string;
  options: readonly { value: T; label: string }[];
  value: T;
  onChange: (value: T) => void;
}

/** A radio group in a fieldset (access type, route type). */
export function ChoiceGroup<T extends string>({
  legend,
  name,
  options,
  value,
  onChange,
}: ChoiceGroupProps<T>) {
  return (
    <fieldset className="mr-field">
      <legend className="mr-field__label">{legend}</legend>
      <div className="mr-choices">
        {options.map((option) => (
          <label key={option.value} className="mr-check">
            <input
              type="radio"
              name={name}
              value={option.value}
              checked={value === option.value}
              onChange={() => onChange(option.value)}
            />
            {option.label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
