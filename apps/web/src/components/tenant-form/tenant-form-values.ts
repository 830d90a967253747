import {
  TENANT_IMAGE_PARTS,
  type TenantBrandWrite,
  type TenantDetail,
  type TenantFields,
  type TenantWrite,
} from '@tappa/contracts';
import {
  ADDRESS_MAX_LENGTH,
  CITY_MAX_LENGTH,
  COMPANY_NAME_MAX_LENGTH,
  DEFAULT_TIME_ZONE,
  DESCRIPTION_MAX_LENGTH,
  EMAIL_MAX_LENGTH,
  LOCATION_RETENTION_DAYS_DEFAULT,
  LOCATION_RETENTION_DAYS_MAX,
  normalizeSlug,
  PASSWORD_MAX_LENGTH,
  PAYOFF_MAX_LENGTH,
  PHONE_MAX_LENGTH,
  POSTAL_CODE_MAX_LENGTH,
  SLUG_MAX_LENGTH,
  TAX_ID_MAX_LENGTH,
  TENANT_NAME_MAX_LENGTH,
} from '@tappa/domain';

/** One of the country codes of doc 1 §3. */
export type CountryCode = TenantFields['country'];

/** The tenant form as typed: every text as a string ('' when empty), dates as `YYYY-MM-DD`. */
export interface TenantFormValues {
  name: string;
  slug: string;
  company_name: string;
  admin_email: string;
  admin_password: string;
  primary_color: string;
  secondary_color: string;
  payoff: string;
  description: string;
  address: string;
  city: string;
  postal_code: string;
  country: CountryCode;
  tax_code: string;
  vat_number: string;
  sdi_code: string;
  expiry_date: string;
  is_active: boolean;
  phone: string;
  mobile: string;
  email: string;
  /** The IANA zone of the tenant's times (decision 0067). */
  time_zone: string;
  /** How many days the teams' raw positions are kept, as typed (decision 0086). */
  location_retention_days: string;
}

/** Text fields of the form (everything but the country, the zone and the active flag). */
export type TenantTextField = Exclude<
  keyof TenantFormValues,
  'country' | 'time_zone' | 'is_active'
>;

/** The longest text each free-text field takes (colours and the date have their own format). */
export const TENANT_TEXT_MAX_LENGTH: Partial<Record<TenantTextField, number>> = {
  name: TENANT_NAME_MAX_LENGTH,
  slug: SLUG_MAX_LENGTH,
  company_name: COMPANY_NAME_MAX_LENGTH,
  admin_email: EMAIL_MAX_LENGTH,
  admin_password: PASSWORD_MAX_LENGTH,
  payoff: PAYOFF_MAX_LENGTH,
  description: DESCRIPTION_MAX_LENGTH,
  address: ADDRESS_MAX_LENGTH,
  city: CITY_MAX_LENGTH,
  postal_code: POSTAL_CODE_MAX_LENGTH,
  tax_code: TAX_ID_MAX_LENGTH,
  vat_number: TAX_ID_MAX_LENGTH,
  sdi_code: TAX_ID_MAX_LENGTH,
  phone: PHONE_MAX_LENGTH,
  mobile: PHONE_MAX_LENGTH,
  email: EMAIL_MAX_LENGTH,
};

/** One of the tenant's images: logo, favicon, footer logo, brand logo and brand favicon. */
export type TenantImageKind = (typeof TENANT_IMAGE_PARTS)[number];

/** The image files chosen in the form; null when none. */
export type TenantFormFiles = Record<TenantImageKind, File | null>;

/** A form with no image chosen. */
export const NO_TENANT_FILES: TenantFormFiles = {
  logo: null,
  favicon: null,
  footer_logo: null,
  brand_logo: null,
  brand_favicon: null,
};

/** A new tenant's starting values: the spec's default colours, Italy, Rome's clock, active. */
export const EMPTY_TENANT_FORM: TenantFormValues = {
  name: '',
  slug: '',
  company_name: '',
  admin_email: '',
  admin_password: '',
  primary_color: '#3B82F6',
  secondary_color: '#10B981',
  payoff: '',
  description: '',
  address: '',
  city: '',
  postal_code: '',
  country: 'IT',
  tax_code: '',
  vat_number: '',
  sdi_code: '',
  expiry_date: '',
  is_active: true,
  phone: '',
  mobile: '',
  email: '',
  time_zone: DEFAULT_TIME_ZONE,
  location_retention_days: String(LOCATION_RETENTION_DAYS_DEFAULT),
};

/** The form's starting values for an existing tenant (the password stays blank). */
export function valuesFromTenant(tenant: TenantDetail): TenantFormValues {
  return {
    name: tenant.name,
    slug: tenant.slug,
    company_name: tenant.company_name,
    admin_email: tenant.admin_email,
    admin_password: '',
    primary_color: tenant.primary_color,
    secondary_color: tenant.secondary_color,
    payoff: tenant.payoff ?? '',
    description: tenant.description ?? '',
    address: tenant.address ?? '',
    city: tenant.city ?? '',
    postal_code: tenant.postal_code ?? '',
    country: tenant.country,
    tax_code: tenant.tax_code ?? '',
    vat_number: tenant.vat_number ?? '',
    sdi_code: tenant.sdi_code ?? '',
    expiry_date: tenant.expiry_date ?? '',
    is_active: tenant.is_active,
    phone: tenant.phone ?? '',
    mobile: tenant.mobile ?? '',
    email: tenant.email ?? '',
    time_zone: tenant.time_zone,
    location_retention_days: String(tenant.location_retention_days),
  };
}

/** The slug the tenant will get: the typed slug, else the name, normalised. */
export function previewSlug(values: Pick<TenantFormValues, 'name' | 'slug'>): string {
  return normalizeSlug(values.slug.trim() || values.name);
}

/** Trimmed text, or null when blank (the API's "empty optional text"). */
function orNull(text: string): string | null {
  const trimmed = text.trim();
  return trimmed === '' ? null : trimmed;
}

/**
 * The typed retention in days: a whole number from 0 to LOCATION_RETENTION_DAYS_MAX, else
 * undefined (the form refuses it before sending).
 */
export function retentionDaysOf(values: Pick<TenantFormValues, 'location_retention_days'>) {
  const typed = values.location_retention_days.trim();
  const days = Number(typed);
  return /^\d+$/.test(typed) && days <= LOCATION_RETENTION_DAYS_MAX ? days : undefined;
}

/** The API body of the form: optional text null when empty, blank slug and password null. */
export function toTenantWrite(values: TenantFormValues): TenantWrite {
  const slug = orNull(values.slug);
  return {
    name: values.name.trim(),
    slug: slug === null ? null : normalizeSlug(slug),
    primary_color: values.primary_color,
    secondary_color: values.secondary_color,
    payoff: orNull(values.payoff),
    description: orNull(values.description),
    admin_email: values.admin_email.trim(),
    company_name: values.company_name.trim(),
    address: orNull(values.address),
    city: orNull(values.city),
    postal_code: orNull(values.postal_code),
    country: values.country,
    tax_code: orNull(values.tax_code),
    vat_number: orNull(values.vat_number),
    sdi_code: orNull(values.sdi_code),
    expiry_date: orNull(values.expiry_date),
    is_active: values.is_active,
    phone: orNull(values.phone),
    mobile: orNull(values.mobile),
    email: orNull(values.email),
    time_zone: values.time_zone,
    // Checked before sending: anything else is left out, the stored value kept.
    location_retention_days: retentionDaysOf(values),
    // Passwords are taken as typed: spaces may be part of them.
    admin_password: values.admin_password === '' ? null : values.admin_password,
  };
}

/** The Brand tab's body: every field but the expiry date and the admin password. */
export function toTenantBrandWrite(values: TenantFormValues): TenantBrandWrite {
  const { expiry_date: _expiry, admin_password: _password, ...fields } = toTenantWrite(values);
  return fields;
}

/** The multipart body: a `data` part with `data`'s JSON and the chosen image files. */
export function toTenantFormData(
  data: TenantWrite | TenantBrandWrite,
  files: TenantFormFiles,
): FormData {
  const form = new FormData();
  form.append('data', JSON.stringify(data));
  for (const kind of TENANT_IMAGE_PARTS) {
    const file = files[kind];
    if (file) form.append(kind, file);
  }
  return form;
}
