import {
  PASSWORD_MIN_LENGTH,
  type StaffCreate,
  type StaffMember,
  type StaffUpdate,
} from '@tappa/contracts';
import type { Db } from '../../db/db';
import { AppError } from '../../errors';
import { type AuditActor, recordAudit } from '../audit/audit.service';
import { createUserAccount } from './accounts.service';
import { ACCOUNT_ROLES_LOCK } from './orphans.service';
import { findProfileByEmail, upsertTenantRole } from './tenant-roles.repository';
import { listStaffRows, type StaffRow } from './tenant-staff.repository';

export { listStaffRows as listStaff } from './tenant-staff.repository';

/** A staff row as the Admin Users tab lists it (no identity key, one `is_active`). */
export function presentStaff(row: StaffRow): StaffMember {
  return {
    user_id: row.user_id,
    email: row.email,
    display_name: row.display_name,
    role: row.role,
    is_active: row.is_active,
    origin: row.origin,
    created_at: row.created_at.toISOString(),
  };
}

/** A change to a tenant's staff: the tenant (found by the caller), by whom and when. */
export interface StaffChange {
  tenant: { id: string; name: string };
  actor: AuditActor;
  now: Date;
}

/** The tenant's staff member `userId` inside the transaction; 404 for anyone else. */
export async function findStaff(db: Db, tenantId: string, userId: string): Promise<StaffRow> {
  const [row] = await listStaffRows(db, tenantId, userId);
  if (!row) throw new AppError('user_not_found');
  return row;
}

/**
 * Adds a staff member to the tenant: a new account (e-mail, name, password ≥ 6) whose profile
 * belongs to the tenant, or, for an e-mail that has an account already, a role in the tenant
 * (`user_tenant_roles`; its name and password stay as they are: this form never changes another
 * account's password, decision 0058). Refused: a password under 6 characters in either case
 * (400 `password_too_short`), a superadmin (409 `role_superadmin`), an e-mail already on the
 * tenant's staff (409 `staff_exists`).
 */
export async function addStaff(
  db: Db,
  { tenant, input, actor, now }: StaffChange & { input: StaffCreate },
): Promise<{ outcome: 'created' | 'granted'; member: StaffRow }> {
  const email = input.email.trim().toLowerCase();
  // The form's rule is the same whether the e-mail has an account or not (doc 1 §5).
  if (input.password.length < PASSWORD_MIN_LENGTH) {
    throw new AppError('password_too_short', { min: PASSWORD_MIN_LENGTH });
  }
  return db.transaction(async (tx) => {
    await tx.lock(ACCOUNT_ROLES_LOCK);
    const existing = await findProfileByEmail(tx, email);
    let userId: string;
    let outcome: 'created' | 'granted';
    if (existing) {
      if (existing.role === 'superadmin') throw new AppError('role_superadmin');
      const staff = await listStaffRows(tx, tenant.id, existing.id);
      if (existing.tenant_id === tenant.id || staff.some((s) => s.is_active)) {
        throw new AppError('staff_exists', { email });
      }
      await upsertTenantRole(tx, { userId: existing.id, tenantId: tenant.id, role: input.role });
      userId = existing.id;
      outcome = 'granted';
    } else {
      const created = await createUserAccount(tx, {
        email,
        password: input.password,
        displayName: input.display_name,
        role: input.role,
        tenantId: tenant.id,
        now,
      });
      userId = created.userId;
      outcome = 'created';
    }
    await recordAudit(tx, {
      actor,
      action: outcome === 'created' ? 'tenant_staff.create' : 'tenant_staff.grant',
      target: { id: userId, label: email },
      details: { tenant: tenant.name, role: input.role },
      now,
    });
    return { outcome, member: await findStaff(tx, tenant.id, userId) };
  });
}

/** Whether the row lets its account act as the tenant's admin now. */
export function isActiveAdmin(row: Pick<StaffRow, 'role' | 'is_active' | 'account_active'>) {
  return row.role === 'tenant_admin' && row.is_active && row.account_active;
}

/** Checks a staff member's record before an update: only an own account's name and password. */
export function checkStaffUpdate(row: StaffRow, input: StaffUpdate): void {
  if (input.password && input.password.length < PASSWORD_MIN_LENGTH) {
    throw new AppError('password_too_short', { min: PASSWORD_MIN_LENGTH });
  }
  if (row.origin === 'own') return;
  const nameChanged = (input.display_name || null) !== row.display_name;
  if (input.password || (input.display_name !== undefined && nameChanged)) {
    throw new AppError('staff_not_own_account');
  }
}
