import type { Role } from '@tappa/domain';
import { eq, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';

/** The tenant a request works in, resolved from the URL and checked against the caller's role. */
export interface TenantScope {
  readonly kind: 'tenant';
  readonly tenantId: string;
  readonly slug: string;
  /** The caller's role in this tenant (superadmin for the superadmin). */
  readonly role: Role;
}

/** The superadmin's platform-wide access: the one explicit, greppable way past tenant filters. */
export interface PlatformScope {
  readonly kind: 'platform';
}

export const PLATFORM_SCOPE: PlatformScope = { kind: 'platform' };

/** The filter every query on a tenant-owned table goes through. */
export function inTenant(column: PgColumn, scope: TenantScope): SQL {
  return eq(column, scope.tenantId);
}
