import { PASSWORD_MIN_LENGTH, type TenantBrandWrite, type TenantWrite } from '@tappa/contracts';
import { isReservedSlug, isSupportedTimeZone, normalizeSlug } from '@tappa/domain';
import type { Db } from '../../db/db';
import { isUniqueViolation } from '../../db/errors';
import { PLATFORM_SCOPE, type PlatformScope, type TenantScope } from '../../db/scope';
import { AppError } from '../../errors';
import type { CheckedImage } from '../../infra/images';
import { sanitizeRichText } from '../../infra/rich-text';
import type { StorageDriver } from '../../infra/storage/storage';
import { type AuditActor, recordAudit } from '../audit/audit.service';
import { removeMediaObjects, tenantLibraryObjects } from '../media/media.service';
import { createUserAccount, setTenantAdminPassword } from '../users/accounts.service';
import { brandAssetKey, removeBrandAssets } from '../../infra/brand-assets';
import { storeTenantImages, type TenantImageField } from './tenant-images';
import {
  countTenants,
  deleteTenant as deleteTenantRow,
  findTenantById,
  insertTenant,
  isFormerSlugOfAnother,
  recordSlugChange,
  type TenantRow,
  type TenantValues,
  updateTenant as updateTenantRow,
} from './tenants.repository';

export {
  findRenamedSlug,
  findTenantById,
  findTenantBySlug,
  listTenantsByName,
} from './tenants.repository';
export type { TenantRow } from './tenants.repository';

/** What tenant writes need: the database, the files, and who writes when (the audit log). */
export interface TenantDeps {
  db: Db;
  storage: StorageDriver;
  actor: AuditActor;
  now: Date;
}

const passwordTooShort = () => new AppError('password_too_short', { min: PASSWORD_MIN_LENGTH });

/** Serialises slug claims: a slug is current for one tenant or former for one, never both. */
const TENANT_SLUGS_LOCK = 7_272_030;

/** The slug of a tenant: the given one or the name, normalised; reserved words are refused. */
function tenantSlug(input: Pick<TenantBrandWrite, 'slug' | 'name'>): string {
  const slug = normalizeSlug(input.slug?.trim() || input.name);
  if (!slug) throw new AppError('slug_invalid');
  if (isReservedSlug(slug)) throw new AppError('tenant_slug_reserved', { slug });
  return slug;
}

/**
 * Takes the slug for the tenant `tenantId` (null for a new one), inside the caller's transaction:
 * refused when another tenant had it before a rename, as its old links still lead there.
 */
async function claimSlug(tx: Db, slug: string, tenantId: string | null): Promise<void> {
  await tx.lock(TENANT_SLUGS_LOCK);
  if (await isFormerSlugOfAnother(tx, slug, tenantId)) {
    throw new AppError('tenant_slug_taken', { slug });
  }
}

/**
 * The columns a form writes: rich text sanitised, the admin e-mail in lower case; an unknown time
 * zone is refused before anything is written.
 */
function tenantValues(
  input: TenantBrandWrite & Partial<Pick<TenantWrite, 'expiry_date' | 'admin_password'>>,
  slug: string,
): TenantValues {
  const { admin_password: _adminPassword, ...fields } = input;
  if (input.time_zone !== undefined && !isSupportedTimeZone(input.time_zone)) {
    throw new AppError('time_zone_unknown', { time_zone: input.time_zone });
  }
  return {
    ...fields,
    slug,
    admin_email: input.admin_email.trim().toLowerCase(),
    payoff: sanitizeRichText(input.payoff),
    description: sanitizeRichText(input.description),
  };
}

function slugTaken(error: unknown, slug: string): unknown {
  return isUniqueViolation(error, 'tenants_slug_unique')
    ? new AppError('tenant_slug_taken', { slug })
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
  if (password.length < PASSWORD_MIN_LENGTH) throw passwordTooShort();
  const written: string[] = [];
  try {
    return await deps.db.transaction(async (tx) => {
      await claimSlug(tx, slug, null);
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
      await recordAudit(tx, {
        actor: deps.actor,
        action: 'tenant.create',
        target: { id: tenant.id, label: tenant.name },
        details: { slug: tenant.slug, admin_email: tenant.admin_email },
        now: deps.now,
      });
      return tenant;
    });
  } catch (error) {
    await removeBrandAssets(deps.storage, written);
    throw slugTaken(error, slug);
  }
}

/** The names of the tenant's fields an edit changed (values stay out of the audit log). */
function changedFields(previous: TenantRow, next: TenantRow): string[] {
  return (Object.keys(next) as (keyof TenantRow)[]).filter(
    (field) =>
      field !== 'updated_at' && JSON.stringify(previous[field]) !== JSON.stringify(next[field]),
  );
}

/** What an edit writes: the columns, the new images, and the admin's new password if any. */
interface TenantEdit {
  values: TenantValues;
  images: Map<TenantImageField, CheckedImage>;
  adminPassword: string | null;
}

/**
 * Edits a tenant, all or nothing. A new slug keeps the old one leading to the tenant; replaced
 * images are removed from storage once the new ones are committed.
 */
async function editTenant(
  deps: TenantDeps,
  scope: PlatformScope | TenantScope,
  id: string,
  edit: TenantEdit,
): Promise<TenantRow> {
  const { values, images, adminPassword } = edit;
  const written: string[] = [];
  try {
    const { row: updated, previous } = await deps.db.transaction(async (tx) => {
      const previous = await findTenantById(tx, scope, id);
      if (!previous) throw new AppError('tenant_not_found');
      if (values.slug !== previous.slug) {
        await claimSlug(tx, values.slug, id);
        await recordSlugChange(tx, id, { previous: previous.slug, next: values.slug });
      }
      const urls = await storeTenantImages(deps.storage, { tenantId: id, images, written });
      const row = await updateTenantRow(tx, scope, id, { ...values, ...urls });
      if (!row) throw new AppError('tenant_not_found');
      if (adminPassword !== null) {
        await setTenantAdminPassword(tx, {
          tenantId: id,
          email: values.admin_email ?? '',
          password: adminPassword,
          now: deps.now,
        });
      }
      await recordAudit(tx, {
        actor: deps.actor,
        action: 'tenant.update',
        target: { id, label: row.name },
        details: {
          fields: [
            ...changedFields(previous, row),
            ...(adminPassword === null ? [] : ['admin_password']),
          ],
        },
        now: deps.now,
      });
      return { row, previous };
    });
    await removeBrandAssets(
      deps.storage,
      [...images.keys()].map((field) => brandAssetKey(previous[`${field}_url`])),
    );
    return updated;
  } catch (error) {
    await removeBrandAssets(deps.storage, written);
    throw slugTaken(error, values.slug);
  }
}

/**
 * The superadmin edits a tenant; a non-blank admin password sets the password of the tenant's
 * admin with `admin_email` (creating that admin when the e-mail has no account in the tenant yet).
 */
export async function updateTenant(
  deps: TenantDeps,
  scope: PlatformScope,
  id: string,
  input: TenantWrite,
  images: Map<TenantImageField, CheckedImage>,
): Promise<TenantRow> {
  const values = tenantValues(input, tenantSlug(input));
  const adminPassword = input.admin_password?.trim() ? input.admin_password : null;
  if (adminPassword !== null && adminPassword.length < PASSWORD_MIN_LENGTH) {
    throw passwordTooShort();
  }
  return editTenant(deps, scope, id, { values, images, adminPassword });
}

/**
 * A tenant's admin edits its own brand and company data (the Brand tab): every field but the
 * expiry date, which is the platform's, and the admin password, which Admin Users manages.
 */
export async function updateTenantBrand(
  deps: TenantDeps,
  scope: TenantScope,
  input: TenantBrandWrite,
  images: Map<TenantImageField, CheckedImage>,
): Promise<TenantRow> {
  const values = tenantValues(input, tenantSlug(input));
  return editTenant(deps, scope, scope.tenantId, { values, images, adminPassword: null });
}

/**
 * Deletes a tenant with everything it owns, its brand files and its media library's objects
 * (removed once the delete is committed); its users become orphans.
 */
export async function deleteTenant(deps: TenantDeps, scope: PlatformScope, id: string) {
  const { row: deleted, media } = await deps.db.transaction(async (tx) => {
    const media = await tenantLibraryObjects(tx, scope, id);
    const row = await deleteTenantRow(tx, scope, id);
    if (!row) throw new AppError('tenant_not_found');
    await recordAudit(tx, {
      actor: deps.actor,
      action: 'tenant.delete',
      target: { id, label: row.name },
      details: { slug: row.slug },
      now: deps.now,
    });
    return { row, media };
  });
  await removeMediaObjects(deps.storage, media);
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

/**
 * Creates the first tenant of an empty platform with its tenant admin (inside the caller's
 * transaction, which holds the bootstrap lock); null when a tenant exists already.
 */
export async function createFirstTenant(
  db: Db,
  input: { values: TenantValues; adminPassword: string; adminName: string; now: Date },
): Promise<TenantRow | null> {
  if ((await countTenants(db)) > 0) return null;
  const tenant = await insertTenant(db, input.values);
  await createUserAccount(db, {
    email: input.values.admin_email ?? '',
    password: input.adminPassword,
    displayName: input.adminName,
    role: 'tenant_admin',
    tenantId: tenant.id,
    now: input.now,
  });
  return tenant;
}
