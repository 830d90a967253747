import type { GrantableRole, TenantRole } from '@tappa/contracts';
import type { Db } from '../../db/db';
import { isForeignKeyViolation } from '../../db/errors';
import { AppError } from '../../errors';
import { type AuditActor, recordAudit } from '../audit/audit.service';
import { ACCOUNT_ROLES_LOCK } from './orphans.service';
import {
  deleteTenantRole,
  findProfileByEmail,
  findProfileById,
  findTenantRole,
  type TenantRoleRow,
  upsertTenantRole,
} from './tenant-roles.repository';

export { listTenantRoles } from './tenant-roles.repository';

/** A tenant role as the tenant's Roles dialog lists it. */
export function presentTenantRole(row: TenantRoleRow): TenantRole {
  return { ...row, created_at: row.created_at.toISOString() };
}

/** A change of a role in a tenant (found by the caller), by whom and when (the audit log). */
interface RoleChange {
  tenant: { id: string; name: string };
  actor: AuditActor;
  now: Date;
}

/** What a grant did: nothing when the account had that role already (a retried request). */
export type GrantOutcome = 'granted' | 'changed' | 'unchanged';

/**
 * Gives the existing account of `email` the role in the tenant, or replaces the role it has
 * there, and records it in the audit log (a retry records nothing). Refused: an unknown e-mail
 * (404 `role_account_unknown`), a superadmin (409 `role_superadmin`: it enters every tenant),
 * the tenant the account belongs to (409 `role_own_tenant`); a tenant deleted meanwhile is 404
 * `tenant_not_found`.
 */
export async function grantTenantRole(
  db: Db,
  input: RoleChange & { email: string; role: GrantableRole },
): Promise<GrantOutcome> {
  const email = input.email.trim().toLowerCase();
  const { tenant } = input;
  try {
    return await db.transaction(async (tx) => {
      await tx.lock(ACCOUNT_ROLES_LOCK);
      const profile = await findProfileByEmail(tx, email);
      if (!profile) throw new AppError('role_account_unknown', { email });
      if (profile.role === 'superadmin') throw new AppError('role_superadmin');
      if (profile.tenant_id === tenant.id) throw new AppError('role_own_tenant', { email });
      const where = { userId: profile.id, tenantId: tenant.id };
      const current = await findTenantRole(tx, where);
      if (current?.is_active && current.role === input.role) return 'unchanged';
      await upsertTenantRole(tx, { ...where, role: input.role });
      const outcome = current?.is_active ? 'changed' : 'granted';
      await recordAudit(tx, {
        actor: input.actor,
        action: outcome === 'changed' ? 'tenant_role.change' : 'tenant_role.grant',
        target: { id: profile.id, label: profile.email },
        details: {
          tenant: tenant.name,
          role: input.role,
          ...(outcome === 'changed' ? { previous_role: current?.role ?? null } : {}),
        },
        now: input.now,
      });
      return outcome;
    });
  } catch (error) {
    if (!isForeignKeyViolation(error)) throw error;
    throw new AppError('tenant_not_found', undefined, { cause: error });
  }
}

/**
 * Takes the account's role in the tenant away (its next request no longer enters the tenant) and
 * records it in the audit log. Removing a role that is not there changes nothing (a retried
 * request); an unknown account is 404 `user_not_found`. Returns whether a role was removed.
 */
export async function removeTenantRole(
  db: Db,
  input: RoleChange & { userId: string },
): Promise<boolean> {
  return db.transaction(async (tx) => {
    await tx.lock(ACCOUNT_ROLES_LOCK);
    const profile = await findProfileById(tx, input.userId);
    if (!profile) throw new AppError('user_not_found');
    const where = { userId: profile.id, tenantId: input.tenant.id };
    const current = await findTenantRole(tx, where);
    if (!current || !(await deleteTenantRole(tx, where))) return false;
    await recordAudit(tx, {
      actor: input.actor,
      action: 'tenant_role.remove',
      target: { id: profile.id, label: profile.email },
      details: { tenant: input.tenant.name, role: current.role },
      now: input.now,
    });
    return true;
  });
}
