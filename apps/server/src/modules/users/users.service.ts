import type { TenantRoleEntry } from '@tappa/domain';
import type { Db } from '../../db/db';
import { findActiveTenantRoles, findProfileByAuthSub, type Profile } from './users.repository';

export type { Profile } from './users.repository';

/** Who is calling: the identity, its application profile (if any) and its active tenant roles. */
export interface Caller {
  authUserId: string;
  profile: Profile | null;
  tenantRoles: TenantRoleEntry[];
}

/** Loads the application side of a signed-in identity. */
export async function loadCaller(db: Db, authUserId: string): Promise<Caller> {
  const profile = await findProfileByAuthSub(db, authUserId);
  const tenantRoles = profile ? await findActiveTenantRoles(db, profile.id) : [];
  return { authUserId, profile, tenantRoles };
}
