import { checkPassword, checkRequiredEmail } from '../../lib/field-checks';
import type { FieldError } from '../../lib/field-checks';

/** What the user dialog is open for: a new superadmin, or an existing one. */
export type UserFormMode = 'create' | 'edit';

/** The fields of the superadmin user form, as typed. */
export interface UserFormValues {
  email: string;
  display_name: string;
  password: string;
}

/** The refused fields of the form, each with its reason. */
export type UserFormErrors = Partial<Record<'email' | 'password', FieldError>>;

/**
 * Doc 1 §5: on create the e-mail (of e-mail format) and a password of at least 6 are required;
 * on edit the e-mail cannot change and a new password is optional (blank keeps it), at least 6.
 * The display name is optional in both.
 */
export function validateUserForm(values: UserFormValues, mode: UserFormMode): UserFormErrors {
  const errors: UserFormErrors = {};
  const email = mode === 'create' ? checkRequiredEmail(values.email) : null;
  if (email) errors.email = email;
  const password = checkPassword(values.password, mode === 'create');
  if (password) errors.password = password;
  return errors;
}
