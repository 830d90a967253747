import type { SessionResponse } from '@tappa/contracts';
import { roleInTenant, type TenantRoleEntry } from '@tappa/domain';
import type { Database } from '../../db/client';
import {
  findActiveTenantRoles,
  findProfileByAuthSub,
  listTenantsByName,
  type Profile,
} from './session.repository';

/** Who is calling: the identity, its application profile (if any) and its active tenant roles. */
export interface Caller {
  authUserId: string;
  profile: Profile | null;
  tenantRoles: TenantRoleEntry[];
}

/** Loads the application side of a signed-in identity. */
export async function loadCaller(db: Database, authUserId: string): Promise<Caller> {
  const profile = await findProfileByAuthSub(db, authUserId);
  const tenantRoles = profile ? await findActiveTenantRoles(db, profile.id) : [];
  return { authUserId, profile, tenantRoles };
}

/** The session as the web app sees it: the profile and the tenants it may enter, by name. */
export async function presentSession(db: Database, caller: Caller): Promise<SessionResponse> {
  const { profile, tenantRoles } = caller;
  if (!profile) return { profile: null, tenants: [] };
  const isSuperadmin = profile.role === 'superadmin';
  const ids = isSuperadmin
    ? null
    : [...new Set([profile.tenant_id, ...tenantRoles.map((r) => r.tenant_id)])].filter(
        (id): id is string => id !== null,
      );
  const rows = await listTenantsByName(db, ids);
  return {
    profile: {
      id: profile.id,
      email: profile.email,
      display_name: profile.display_name,
      role: profile.role,
      tenant_id: profile.tenant_id,
      is_active: profile.is_active,
    },
    tenants: rows.flatMap((t) => {
      const role = roleInTenant(profile, tenantRoles, t.id);
      return role ? [{ ...t, role }] : [];
    }),
  };
}
