import type { Role } from '@tappa/domain';

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
