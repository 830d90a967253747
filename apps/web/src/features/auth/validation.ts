import { isEmailAddress } from '../../lib/field-checks';

/** Translation keys of the e-mail and password checks. */
export type CredentialError = 'auth.emailRequired' | 'auth.invalidEmail' | 'auth.passwordRequired';

/** Checks an e-mail address (doc 1 §5): required, e-mail format; null when valid. */
export function validateEmail(email: string): CredentialError | null {
  const trimmed = email.trim();
  if (trimmed === '') return 'auth.emailRequired';
  return isEmailAddress(trimmed) ? null : 'auth.invalidEmail';
}

/** Checks the sign-in password: required; null when given. */
export function validatePassword(password: string): CredentialError | null {
  return password === '' ? 'auth.passwordRequired' : null;
}
