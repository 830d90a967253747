import { EMAIL_MAX_LENGTH, PASSWORD_MAX_LENGTH } from '@tappa/domain';
import { useId } from 'react';

/** A labelled input of the sign-in pages, with its validation message linked for screen readers. */
export function AuthField(props: {
  label: string;
  type: 'email' | 'password';
  autoComplete: string;
  value: string;
  onChange: (value: string) => void;
  error?: string | null;
}) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {props.label}
      </label>
      <input
        id={id}
        className="field__input"
        type={props.type}
        maxLength={props.type === 'email' ? EMAIL_MAX_LENGTH : PASSWORD_MAX_LENGTH}
        autoComplete={props.autoComplete}
        value={props.value}
        aria-invalid={props.error ? true : undefined}
        aria-describedby={props.error ? errorId : undefined}
        onChange={(event) => props.onChange(event.target.value)}
      />
      {props.error && (
        <span id={errorId} className="field__error">
          {props.error}
        </span>
      )}
    </div>
  );
}
