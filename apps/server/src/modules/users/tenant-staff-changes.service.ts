import type { StaffUpdate } from '@tappa/contracts';
import type { Db } from '../../db/db';
import { AppError } from '../../errors';
import { recordAudit } from '../audit/audit.service';
import { replacePassword } from './accounts.service';
import { ACCOUNT_ROLES_LOCK } from './orphans.service';
import { deleteProfile, deleteTenantRole } from './tenant-roles.repository';
import {
  countActiveTenantAdmins,
  detachProfileTenant,
  setProfileRole,
  setTenantRoleState,
  type StaffRow,
} from './tenant-staff.repository';
import {
  checkStaffUpdate,
  findStaff,
  isActiveAdmin,
  type StaffChange,
} from './tenant-staff.service';
import {
  deleteIdentity,
  deleteSessions,
  findActiveTenantRoles,
  setProfileActive,
  updateDisplayName,
} from './users.repository';

/**
 * Refuses a change that would leave the tenant without an active admin (409
 * `last_tenant_admin`), and the caller taking away their own access (403). Runs under the
 * account-roles lock, so two admins deactivating each other at once cannot both succeed.
 */
async function checkAdminsLeft(
  db: Db,
  input: StaffChange & { row: StaffRow; staysAdmin: boolean; staysActive: boolean },
): Promise<void> {
  const { row } = input;
  if (row.user_id === input.actor.userId && !input.staysActive) {
    throw new AppError('own_account_protected');
  }
  if (!isActiveAdmin(row) || input.staysAdmin) return;
  if ((await countActiveTenantAdmins(db, input.tenant.id)) <= 1) {
    throw new AppError('last_tenant_admin');
  }
}

/**
 * Changes a staff member: role and active for everyone; name and a new password (which ends the
 * account's sessions) for an account of the tenant. Deactivating an own account ends its
 * sessions; deactivating a role stops it entering this tenant only.
 */
export async function updateStaff(
  db: Db,
  input: StaffChange & { userId: string; update: StaffUpdate },
): Promise<StaffRow> {
  const { tenant, update, now } = input;
  return db.transaction(async (tx) => {
    await tx.lock(ACCOUNT_ROLES_LOCK);
    const row = await findStaff(tx, tenant.id, input.userId);
    checkStaffUpdate(row, update);
    const staysAdmin = update.role === 'tenant_admin' && update.is_active && row.account_active;
    await checkAdminsLeft(tx, { ...input, row, staysAdmin, staysActive: update.is_active });
    const fields: string[] = [];
    if (row.role !== update.role) fields.push('role');
    if (row.is_active !== update.is_active) fields.push('is_active');
    if (row.origin === 'role') {
      const where = { userId: row.user_id, tenantId: tenant.id };
      await setTenantRoleState(tx, { ...where, role: update.role, isActive: update.is_active });
    } else {
      await setProfileRole(tx, row.user_id, update.role);
      await setProfileActive(tx, row.user_id, update.is_active);
      const displayName =
        update.display_name === undefined ? row.display_name : update.display_name || null;
      if (displayName !== row.display_name && row.auth_sub) {
        fields.push('display_name');
        await updateDisplayName(tx, {
          userId: row.user_id,
          authSub: row.auth_sub,
          displayName,
          name: displayName ?? row.email,
          now,
        });
      }
      if (update.password && row.auth_sub) {
        fields.push('password');
        await replacePassword(tx, { authSub: row.auth_sub, password: update.password, now });
      }
      if (!update.is_active && row.auth_sub) await deleteSessions(tx, row.auth_sub);
    }
    await recordAudit(tx, {
      actor: input.actor,
      action: 'tenant_staff.update',
      target: { id: row.user_id, label: row.email },
      details: { tenant: tenant.name, fields, role: update.role, is_active: update.is_active },
      now,
    });
    return findStaff(tx, tenant.id, row.user_id);
  });
}

/**
 * Removes a staff member from the tenant. A role held here is taken away (the account stays).
 * An account of the tenant is deleted (identity, profile, sessions) unless it holds a role in
 * another tenant: then it only leaves this tenant and keeps signing in there.
 */
export async function removeStaff(db: Db, input: StaffChange & { userId: string }): Promise<void> {
  const { tenant } = input;
  await db.transaction(async (tx) => {
    await tx.lock(ACCOUNT_ROLES_LOCK);
    const row = await findStaff(tx, tenant.id, input.userId);
    await checkAdminsLeft(tx, { ...input, row, staysAdmin: false, staysActive: false });
    let outcome: string;
    if (row.origin === 'role') {
      await deleteTenantRole(tx, { userId: row.user_id, tenantId: tenant.id });
      outcome = 'role_removed';
    } else if ((await findActiveTenantRoles(tx, row.user_id)).length > 0) {
      await detachProfileTenant(tx, row.user_id);
      outcome = 'left_tenant';
    } else {
      if (row.auth_sub) await deleteIdentity(tx, row.auth_sub);
      else await deleteProfile(tx, row.user_id);
      outcome = 'account_deleted';
    }
    await recordAudit(tx, {
      actor: input.actor,
      action: 'tenant_staff.remove',
      target: { id: row.user_id, label: row.email },
      details: { tenant: tenant.name, role: row.role, outcome },
      now: input.now,
    });
  });
}
