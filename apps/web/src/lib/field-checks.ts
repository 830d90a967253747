import { PASSWORD_MIN_LENGTH } from '@tappa/contracts';
import type { TFunction } from './i18n';

/** A pragmatic e-mail shape check: something@something.tld with no spaces (the server decides). */
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Whether `text` (trimmed) looks like an e-mail address. */
export function isEmailAddress(text: string): boolean {
  return EMAIL_PATTERN.test(text.trim());
}

/** Why an admin form refuses a field before sending; `fieldErrorText` gives its text. */
export type FieldError = 'required' | 'invalidEmail' | 'passwordTooShort';

/** A required e-mail field (doc 1 §5): given, and of e-mail format. */
export function checkRequiredEmail(value: string): FieldError | null {
  if (value.trim() === '') return 'required';
  return isEmailAddress(value) ? null : 'invalidEmail';
}

/** A required text field: anything but blanks. */
export function checkRequired(value: string): FieldError | null {
  return value.trim() === '' ? 'required' : null;
}

/**
 * A password field (doc 1 §5, §9): at least 6 characters; blank is refused when `required`,
 * else it means "keep the current one".
 */
export function checkPassword(value: string, required: boolean): FieldError | null {
  if (value === '') return required ? 'required' : null;
  return value.length < PASSWORD_MIN_LENGTH ? 'passwordTooShort' : null;
}

/**
 * The text of a field error: the admin forms' 'This field is required' and 'Enter a valid
 * e-mail address', and for a short password the text the server's `password_too_short` shows.
 */
export function fieldErrorText(error: FieldError | null | undefined, t: TFunction): string | null {
  switch (error) {
    case 'required':
      return t('superadmin.tenantForm.required');
    case 'invalidEmail':
      return t('superadmin.tenantForm.invalidEmail');
    case 'passwordTooShort':
      return t('errors.password_too_short', { min: PASSWORD_MIN_LENGTH });
    case null:
    case undefined:
      return null;
  }
}
