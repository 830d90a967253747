import {
  COUNTRY_CODES,
  PASSWORD_MIN_LENGTH,
  type PublicTenant,
  type TenantDetail,
  type TenantWrite,
} from '@tappa/contracts';
import { isReservedSlug, isTenantAvailable, normalizeSlug } from '@tappa/domain';
import type { Database } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { PLATFORM_SCOPE, type PlatformScope } from '../../db/scope';
import { AppError, notFound } from '../../errors';
import type { CheckedImage } from '../../infra/images';
import type { StorageDriver } from '../../infra/storage/storage';
import { createUserAccount, findTenantUserByEmail, setPassword } from '../session/accounts';
import {
  brandAssetKey,
  removeBrandAssets,
  storeTenantImages,
  type TenantImageField,
} from './tenant-images';
import {
  deleteTenant as deleteTenantRow,
  findTenantById,
  findTenantBySlug,
  insertTenant,
  type TenantRow,
  type TenantValues,
  updateTenant as updateTenantRow,
} from './tenants.repository';

/** What tenant writes need. */
export interface TenantDeps {
  db: Database;
  storage: StorageDriver;
  now: Date;
}

const PASSWORD_TOO_SHORT = `Password must be at least ${PASSWORD_MIN_LENGTH} characters long`;

/** The slug of a tenant: the given one or the name, normalised; reserved words are refused. */
function tenantSlug(input: TenantWrite): string {
  const slug = normalizeSlug(input.slug?.trim() || input.name);
  if (!slug) throw new AppError('validation_failed', 'The slug needs at least one letter or digit');
  if (isReservedSlug(slug)) throw new AppError('conflict', `The slug "${slug}" is reserved`);
  return slug;
}

function tenantValues(input: TenantWrite, slug: string): TenantValues {
  const { admin_password: _adminPassword, ...fields } = input;
  return { ...fields, slug, admin_email: input.admin_email.trim().toLowerCase() };
}

function slugTaken(error: unknown, slug: string): unknown {
  return isUniqueViolation(error)
    ? new AppError('conflict', `A tenant with the slug "${slug}" already exists`)
    : error;
}

/**
 * Creates a tenant with its first tenant admin and its images, all or nothing: a failure at any
 * step leaves no tenant, user or file behind.
 */
export async function createTenant(
  deps: TenantDeps,
  input: TenantWrite,
  images: Map<TenantImageField, CheckedImage>,
): Promise<TenantRow> {
  const slug = tenantSlug(input);
  const password = input.admin_password ?? '';
  if (password.length < PASSWORD_MIN_LENGTH)
    throw new AppError('validation_failed', PASSWORD_TOO_SHORT);
  const written: string[] = [];
  try {
    return await deps.db.transaction(async (tx) => {
      const inserted = await insertTenant(tx, tenantValues(input, slug));
      const urls = await storeTenantImages(deps.storage, {
        tenantId: inserted.id,
        images,
        written,
      });
      const hasImages = Object.keys(urls).length > 0;
      const tenant = hasImages
        ? ((await updateTenantRow(tx, PLATFORM_SCOPE, inserted.id, urls)) ?? inserted)
        : inserted;
      await createUserAccount(tx, {
        email: input.admin_email,
        password,
        displayName: null,
        role: 'tenant_admin',
        tenantId: tenant.id,
        now: deps.now,
      });
      return tenant;
    });
  } catch (error) {
    await removeBrandAssets(deps.storage, written);
    throw slugTaken(error, slug);
  }
}

/**
 * Edits a tenant; a non-blank admin password sets the password of the tenant's admin with
 * `admin_email` (creating that admin when the e-mail has no account in the tenant yet).
 */
export async function updateTenant(
  deps: TenantDeps,
  scope: PlatformScope,
  id: string,
  input: TenantWrite,
  images: Map<TenantImageField, CheckedImage>,
): Promise<TenantRow> {
  const slug = tenantSlug(input);
  const password = input.admin_password?.trim() ? input.admin_password : null;
  if (password !== null && password.length < PASSWORD_MIN_LENGTH) {
    throw new AppError('validation_failed', PASSWORD_TOO_SHORT);
  }
  const written: string[] = [];
  try {
    const { row: updated, previous } = await deps.db.transaction(async (tx) => {
      const previous = await findTenantById(tx, scope, id);
      if (!previous) throw notFound('Tenant not found');
      const urls = await storeTenantImages(deps.storage, { tenantId: id, images, written });
      const row = await updateTenantRow(tx, scope, id, { ...tenantValues(input, slug), ...urls });
      if (!row) throw notFound('Tenant not found');
      if (password !== null) {
        const admin = await findTenantUserByEmail(tx, id, input.admin_email);
        if (admin?.auth_sub) {
          await setPassword(tx, { authSub: admin.auth_sub, password, now: deps.now });
        } else {
          await createUserAccount(tx, {
            email: input.admin_email,
            password,
            displayName: null,
            role: 'tenant_admin',
            tenantId: id,
            now: deps.now,
          });
        }
      }
      return { row, previous };
    });
    // Replaced images are removed only once the new ones are committed.
    await removeBrandAssets(deps.storage, [
      images.has('logo') ? brandAssetKey(previous.logo_url) : null,
      images.has('favicon') ? brandAssetKey(previous.favicon_url) : null,
    ]);
    return updated;
  } catch (error) {
    await removeBrandAssets(deps.storage, written);
    throw slugTaken(error, slug);
  }
}

/** Deletes a tenant with everything it owns and its brand files; its users become orphans. */
export async function deleteTenant(deps: TenantDeps, scope: PlatformScope, id: string) {
  const deleted = await deleteTenantRow(deps.db, scope, id);
  if (!deleted) throw notFound('Tenant not found');
  await removeBrandAssets(
    deps.storage,
    [
      deleted.logo_url,
      deleted.favicon_url,
      deleted.footer_logo_url,
      deleted.brand_logo_url,
      deleted.brand_favicon_url,
    ].map(brandAssetKey),
  );
}

/** A tenant as the superadmin edits it. */
export function presentTenantDetail(row: TenantRow): TenantDetail {
  const { time_zone: _timeZone, updated_at: _updatedAt, ...fields } = row;
  return {
    ...fields,
    admin_email: row.admin_email ?? '',
    company_name: row.company_name ?? '',
    country: COUNTRY_CODES.find((code) => code === row.country) ?? 'IT',
    created_at: row.created_at.toISOString(),
  };
}

/** What a tenant's public pages may show; 404 for an unknown slug. */
export async function getPublicTenant(
  db: Database,
  slug: string,
  now: Date,
): Promise<PublicTenant> {
  const row = await findTenantBySlug(db, slug);
  if (!row) throw notFound('Tenant non trovato');
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    logo_url: row.logo_url,
    favicon_url: row.favicon_url,
    footer_logo_url: row.footer_logo_url,
    primary_color: row.primary_color,
    secondary_color: row.secondary_color,
    is_available: isTenantAvailable(
      { isActive: row.is_active, expiryDate: row.expiry_date },
      now,
      row.time_zone,
    ),
  };
}
