import {
  COUNTRY_CODES,
  type PublicTenant,
  type TenantDetail,
  type TenantSummary,
} from '@tappa/contracts';
import { brandCssVariables, type TenantStatus, tenantStatus } from '@tappa/domain';
import type { Db } from '../../db/db';
import type { PlatformScope } from '../../db/scope';
import { AppError } from '../../errors';
import { findTenantById, listTenants, type TenantRow } from './tenants.repository';

/** A tenant by id, for the superadmin; 404 when there is none. */
export async function findTenant(db: Db, scope: PlatformScope, id: string): Promise<TenantRow> {
  const row = await findTenantById(db, scope, id);
  if (!row) throw new AppError('tenant_not_found');
  return row;
}

/** A tenant as the superadmin edits it. */
export function presentTenantDetail(row: TenantRow): TenantDetail {
  const { updated_at: _updatedAt, ...fields } = row;
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
  findTenant: (slug: string) => Promise<TenantRow | null>,
  slug: string,
  now: Date,
): Promise<PublicTenant> {
  const row = await findTenant(slug);
  if (!row) throw new AppError('tenant_not_found');
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    logo_url: row.logo_url,
    favicon_url: row.favicon_url,
    footer_logo_url: row.footer_logo_url,
    brand_logo_url: row.brand_logo_url,
    brand_favicon_url: row.brand_favicon_url,
    primary_color: row.primary_color,
    secondary_color: row.secondary_color,
    brand_style: brandCssVariables(row),
    payoff: row.payoff,
    description: row.description,
    is_available: statusOf(row, now) === 'active',
    status: statusOf(row, now),
    time_zone: row.time_zone,
  };
}

/** A tenant's status now (active, inactive or expired), in its own time zone. */
function statusOf(
  row: Pick<TenantRow, 'is_active' | 'expiry_date' | 'time_zone'>,
  now: Date,
): TenantStatus {
  return tenantStatus({ isActive: row.is_active, expiryDate: row.expiry_date }, now, row.time_zone);
}

/** The superadmin's tenants table: every tenant, newest first, with its status now. */
export async function listTenantSummaries(
  db: Db,
  scope: PlatformScope,
  now: Date,
): Promise<TenantSummary[]> {
  const rows = await listTenants(db, scope);
  return rows.map(({ is_active, expiry_date, time_zone, ...row }) => ({
    ...row,
    created_at: row.created_at.toISOString(),
    status: statusOf({ is_active, expiry_date, time_zone }, now),
  }));
}
