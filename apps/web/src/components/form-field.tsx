import { useId } from 'react';
import type { ReactNode } from 'react';
import { LengthCount } from './length-count';
import './forms.css';

/** The attributes a field gives its control: its id and class, and the ids of its hint and error. */
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
  /** Stars the label and marks the control `aria-required`. */
  required?: boolean;
  /** Spans every column of a `form__grid`. */
  wide?: boolean;
  children: (control: ControlProps) => ReactNode;
}

/** A labelled control with an optional hint and error, both tied to it for assistive technology. */
export function Field({ label, hint, error, required, wide, children }: FieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : '', error ? errorId : ''].filter(Boolean).join(' ');
  return (
    <div className={wide ? 'form-field form-field--wide' : 'form-field'}>
      <label
        htmlFor={id}
        className={required ? 'form-field__label form-field__label--required' : 'form-field__label'}
      >
        {label}
      </label>
      {children({
        id,
        className: 'input',
        'aria-describedby': describedBy || undefined,
        'aria-invalid': error ? true : undefined,
        'aria-required': required ? true : undefined,
      })}
      {hint ? (
        <div id={hintId} className="form-field__hint">
          {hint}
        </div>
      ) : null}
      {error ? (
        <p id={errorId} className="form-field__error">
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
  /** The longest text the field takes (the server's limit, from the domain's text limits). */
  maxLength?: number;
  /** Shown but not editable (a value that cannot change, such as a user's e-mail). */
  readOnly?: boolean;
  placeholder?: string;
}

/** A `Field` holding a text input (or a three-row textarea when `multiline`). */
export function TextField({
  value,
  onValueChange,
  type = 'text',
  multiline,
  autoComplete,
  maxLength,
  readOnly,
  placeholder,
  ...field
}: TextFieldProps) {
  return (
    <Field {...field}>
      {(control) => (
        <>
          {multiline ? (
            <textarea
              {...control}
              rows={3}
              maxLength={maxLength}
              value={value}
              onChange={(event) => onValueChange(event.target.value)}
            />
          ) : (
            <input
              {...control}
              className={type === 'color' ? 'input input--color' : 'input'}
              type={type}
              maxLength={maxLength}
              value={value}
              readOnly={readOnly}
              placeholder={placeholder}
              autoComplete={autoComplete}
              onChange={(event) => onValueChange(event.target.value)}
            />
          )}
          {maxLength === undefined ? null : <LengthCount length={value.length} max={maxLength} />}
        </>
      )}
    </Field>
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

/** A group of radio buttons in a fieldset named by its legend. */
export function ChoiceGroup<T extends string>({
  legend,
  name,
  options,
  value,
  onChange,
}: ChoiceGroupProps<T>) {
  return (
    <fieldset className="form-field">
      <legend className="form-field__label">{legend}</legend>
      <div className="choices">
        {options.map((option) => (
          <label key={option.value} className="check">
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
