import { PASSWORD_MIN_LENGTH } from '@tappa/contracts';
import { isReservedSlug } from '@tappa/domain';
import { isEmailAddress } from '../../lib/field-checks';
import { previewSlug, retentionDaysOf } from './tenant-form-values';
import type { TenantFormValues } from './tenant-form-values';

/** Why a field is refused; the form turns each into a catalogue text. */
export type TenantFieldError =
  'required' | 'invalidEmail' | 'passwordTooShort' | 'slugReserved' | 'slugEmpty' | 'retentionDays';

/** Fields the form checks before sending. */
export type CheckedField =
  | 'name'
  | 'slug'
  | 'company_name'
  | 'admin_email'
  | 'admin_password'
  | 'email'
  | 'location_retention_days';

/** The refused fields of a form, each with its reason. */
export type TenantFormErrors = Partial<Record<CheckedField, TenantFieldError>>;

/**
 * Whether the form creates a tenant or edits one for the superadmin, or is a tenant's own Brand
 * tab (no admin password, the expiry date only shown).
 */
export type TenantFormMode = 'create' | 'edit' | 'brand';

/** Checks the slug the tenant would get (typed, or derived from the name). */
export function slugError(
  values: Pick<TenantFormValues, 'name' | 'slug'>,
): TenantFieldError | null {
  // Without a name and a slug there is nothing to preview yet: the name's `required` speaks.
  if (values.slug.trim() === '' && values.name.trim() === '') return null;
  const slug = previewSlug(values);
  if (slug === '') return 'slugEmpty';
  return isReservedSlug(slug) ? 'slugReserved' : null;
}

/**
 * Doc 1 §5: name and company name required; admin e-mail required; admin password required
 * (at least 6 characters) on create, optional on edit (blank keeps it, else at least 6). The
 * positions' retention a whole number of days from 0 to 90 (decision 0086).
 */
export function validateTenantForm(
  values: TenantFormValues,
  mode: TenantFormMode,
): TenantFormErrors {
  const errors: TenantFormErrors = {};
  if (values.name.trim() === '') errors.name = 'required';
  const slug = slugError(values);
  if (slug) errors.slug = slug;
  if (values.company_name.trim() === '') errors.company_name = 'required';
  const adminEmail = values.admin_email.trim();
  if (adminEmail === '') errors.admin_email = 'required';
  else if (!isEmailAddress(adminEmail)) errors.admin_email = 'invalidEmail';
  const password = values.admin_password;
  if (password === '') {
    if (mode === 'create') errors.admin_password = 'required';
  } else if (password.length < PASSWORD_MIN_LENGTH) {
    errors.admin_password = 'passwordTooShort';
  }
  const email = values.email.trim();
  if (email !== '' && !isEmailAddress(email)) errors.email = 'invalidEmail';
  if (retentionDaysOf(values) === undefined) errors.location_retention_days = 'retentionDays';
  return errors;
}
