import type { SessionResponse } from '@tappa/contracts';
import { roleInTenant } from '@tappa/domain';
import type { Db } from '../../db/db';
import { listTenantsByName } from '../tenants/tenants.service';
import type { Caller } from '../users/users.service';

/** The session as the web app sees it: the profile and the tenants it may enter, by name. */
export async function presentSession(db: Db, caller: Caller): Promise<SessionResponse> {
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
