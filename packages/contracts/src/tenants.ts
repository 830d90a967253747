import {
  ADDRESS_MAX_LENGTH,
  CITY_MAX_LENGTH,
  COMPANY_NAME_MAX_LENGTH,
  DESCRIPTION_MAX_LENGTH,
  EMAIL_MAX_LENGTH,
  LOCATION_RETENTION_DAYS_MAX,
  PASSWORD_MAX_LENGTH,
  PAYOFF_MAX_LENGTH,
  PHONE_MAX_LENGTH,
  POSTAL_CODE_MAX_LENGTH,
  SLUG_MAX_LENGTH,
  TAX_ID_MAX_LENGTH,
  TENANT_STATUSES,
  TENANT_NAME_MAX_LENGTH,
} from '@tappa/domain';
import { z } from 'zod';
import { COUNTRY_CODES, TIME_ZONE_MAX_LENGTH } from './constants';
import { CalendarDateSchema } from './dates';

/** A colour as `#RRGGBB`, as tenant and platform brands store it. */
export const HexColorSchema = z.string().regex(/^#[0-9A-Fa-f]{6}$/);

/** `publicPlatformBrand.read`: the platform's logos and colours (public). */
export const PlatformBrandSchema = z.object({
  logo_url: z.string().nullable(),
  favicon_url: z.string().nullable(),
  footer_logo_url: z.string().nullable(),
  primary_color: z.string(),
  secondary_color: z.string(),
});
export type PlatformBrand = z.infer<typeof PlatformBrandSchema>;

/** `publicTenants.read`: what the tenant's public pages show (404 when unknown). */
export const PublicTenantSchema = z.object({
  id: z.string(),
  slug: z.string(),
  name: z.string(),
  logo_url: z.string().nullable(),
  favicon_url: z.string().nullable(),
  footer_logo_url: z.string().nullable(),
  /** The player pages' own logo and favicon; they fall back to the logo and favicon. */
  brand_logo_url: z.string().nullable(),
  brand_favicon_url: z.string().nullable(),
  primary_color: z.string(),
  secondary_color: z.string(),
  /**
   * The colours as the CSS variables the player pages set (`--color-primary-fill` …), with their
   * accessible shades computed by the server (decision 0040): a phone does not compute them.
   */
  brand_style: z.record(z.templateLiteral(['--', z.string()]), z.string()),
  /** Rich text (sanitised HTML: p, br, strong, em, u) for the player start and route pages. */
  payoff: z.string().nullable(),
  description: z.string().nullable(),
  /** False when the tenant is inactive or past its expiry date: it provides no services. */
  is_available: z.boolean(),
  /** Why not: 'inactive' ('Profilo Attivo' off) or 'expired'; the staff banner says which. */
  status: z.enum(TENANT_STATUSES),
  /** The IANA zone every time of the tenant is shown in (decision 0067). */
  time_zone: z.string(),
});
export type PublicTenant = z.infer<typeof PublicTenantSchema>;

/** A row of the superadmin's tenants table. */
export const TenantSummarySchema = z.object({
  id: z.string(),
  slug: z.string(),
  name: z.string(),
  created_at: z.string(),
  /** 'inactive' or 'expired' tenants are marked in the table. */
  status: z.enum(TENANT_STATUSES),
});
export type TenantSummary = z.infer<typeof TenantSummarySchema>;

/** `tenants.list`: every tenant, newest first. */
export const TenantListResponseSchema = z.object({ tenants: z.array(TenantSummarySchema) });
export type TenantListResponse = z.infer<typeof TenantListResponseSchema>;

/**
 * Every editable field of a tenant (doc 1 §3); optional text is null when empty. `payoff` and
 * `description` are rich text (HTML), sanitised by the server to p, br, strong, em and u.
 */
export const TenantFieldsSchema = z.object({
  name: z.string().trim().min(1).max(TENANT_NAME_MAX_LENGTH),
  slug: z.string().trim().max(SLUG_MAX_LENGTH).nullable(),
  primary_color: HexColorSchema,
  secondary_color: HexColorSchema,
  payoff: z.string().max(PAYOFF_MAX_LENGTH).nullable(),
  description: z.string().max(DESCRIPTION_MAX_LENGTH).nullable(),
  admin_email: z.email().max(EMAIL_MAX_LENGTH),
  company_name: z.string().trim().min(1).max(COMPANY_NAME_MAX_LENGTH),
  address: z.string().max(ADDRESS_MAX_LENGTH).nullable(),
  city: z.string().max(CITY_MAX_LENGTH).nullable(),
  postal_code: z.string().max(POSTAL_CODE_MAX_LENGTH).nullable(),
  country: z.enum(COUNTRY_CODES),
  tax_code: z.string().max(TAX_ID_MAX_LENGTH).nullable(),
  vat_number: z.string().max(TAX_ID_MAX_LENGTH).nullable(),
  sdi_code: z.string().max(TAX_ID_MAX_LENGTH).nullable(),
  expiry_date: CalendarDateSchema.nullable(),
  is_active: z.boolean(),
  phone: z.string().max(PHONE_MAX_LENGTH).nullable(),
  mobile: z.string().max(PHONE_MAX_LENGTH).nullable(),
  email: z.email().max(EMAIL_MAX_LENGTH).nullable(),
  /**
   * The IANA zone of the tenant's times (decision 0067); the server accepts only its runtime's
   * `Intl.supportedValuesOf('timeZone')`. Left out: the default on create, unchanged on edit.
   */
  time_zone: z.string().max(TIME_ZONE_MAX_LENGTH).optional(),
  /**
   * How many days the teams' raw positions are kept (decision 0086). Left out: the default on
   * create, unchanged on edit.
   */
  location_retention_days: z.number().int().min(0).max(LOCATION_RETENTION_DAYS_MAX).optional(),
});
export type TenantFields = z.infer<typeof TenantFieldsSchema>;

/** A tenant as the superadmin edits it. */
export const TenantDetailSchema = TenantFieldsSchema.extend({
  // Stored values are shown as they are, even if they predate today's validation and limits.
  name: z.string(),
  payoff: z.string().nullable(),
  description: z.string().nullable(),
  admin_email: z.string(),
  email: z.string().nullable(),
  company_name: z.string(),
  address: z.string().nullable(),
  city: z.string().nullable(),
  postal_code: z.string().nullable(),
  tax_code: z.string().nullable(),
  vat_number: z.string().nullable(),
  sdi_code: z.string().nullable(),
  phone: z.string().nullable(),
  mobile: z.string().nullable(),
  expiry_date: z.string().nullable(),
  id: z.string(),
  slug: z.string(),
  logo_url: z.string().nullable(),
  favicon_url: z.string().nullable(),
  footer_logo_url: z.string().nullable(),
  brand_logo_url: z.string().nullable(),
  brand_favicon_url: z.string().nullable(),
  created_at: z.string(),
  time_zone: z.string(),
  location_retention_days: z.number().int(),
});
export type TenantDetail = z.infer<typeof TenantDetailSchema>;

/** The image file parts a tenant form may carry, each optional. */
export const TENANT_IMAGE_PARTS = [
  'logo',
  'favicon',
  'footer_logo',
  'brand_logo',
  'brand_favicon',
] as const;

/**
 * `tenants.create` and `tenants.update` are multipart/form-data:
 * a part `data` holding the JSON below, and the optional file parts of `TENANT_IMAGE_PARTS`.
 * On create `admin_password` is required; on edit a blank one keeps the current password.
 */
export const TenantWriteSchema = TenantFieldsSchema.extend({
  admin_password: z.string().max(PASSWORD_MAX_LENGTH).nullable(),
});
export type TenantWrite = z.infer<typeof TenantWriteSchema>;

/**
 * `tenantBrand.save` (the Brand tab), multipart like the superadmin's form: every
 * tenant field but the expiry date (the platform's to set) and the admin password.
 */
export const TenantBrandWriteSchema = TenantFieldsSchema.omit({ expiry_date: true });
export type TenantBrandWrite = z.infer<typeof TenantBrandWriteSchema>;

/** `dashboard.read`: the three stat cards. */
export const TenantDashboardSchema = z.object({
  routes: z.number().int(),
  registrations: z.number().int(),
  activePlayers: z.number().int(),
});
export type TenantDashboard = z.infer<typeof TenantDashboardSchema>;

/** The sized icons of a tenant's web app manifest (`…/manifest-icons/{name}`). */
export const MANIFEST_ICON_NAMES = ['any-192.png', 'any-512.png', 'maskable-512.png'] as const;
export type ManifestIconName = (typeof MANIFEST_ICON_NAMES)[number];

/**
 * `publicTenants.manifest`: the installable player of a tenant
 * (decision 0037), opening at its start page and staying within its pages.
 */
export const WebAppManifestSchema = z.object({
  id: z.string(),
  name: z.string(),
  short_name: z.string(),
  lang: z.string(),
  start_url: z.string(),
  scope: z.string(),
  display: z.literal('standalone'),
  theme_color: z.string(),
  background_color: z.string(),
  icons: z.array(
    z.object({
      src: z.string(),
      sizes: z.string(),
      type: z.literal('image/png'),
      purpose: z.enum(['any', 'maskable']),
    }),
  ),
});
export type WebAppManifest = z.infer<typeof WebAppManifestSchema>;
