import type { Db } from '../../db/db';
import { AppError } from '../../errors';
import { type AuditActor, recordAudit } from '../audit/audit.service';
import { presentSuperadmin } from './superadmins.service';
import { deleteProfile, findOrphanProfile, findProfileById } from './tenant-roles.repository';
import { deleteIdentity } from './users.repository';

export { listOrphanProfiles as listOrphans } from './tenant-roles.repository';

/**
 * Serializes what makes or unmakes an orphan: deleting an orphan checks and deletes under it, and
 * granting a role takes it too, so an account given a role a moment ago is never deleted as an
 * orphan by a request that read the list before.
 */
export const ACCOUNT_ROLES_LOCK = 7_272_029;

/** An orphan as the Orphan Users panel lists it (the fields of a superadmin row). */
export const presentOrphan = presentSuperadmin;

/**
 * Deletes an orphan account (its identity, profile and sessions) only if it is still an orphan
 * inside the transaction, and records it in the audit log there: 404 `user_not_found` for an
 * unknown id, 409 `user_not_orphan` for an account that has (again) a tenant, a role, or is a
 * superadmin.
 */
export async function deleteOrphan(
  db: Db,
  input: { id: string; actor: AuditActor; now: Date },
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.lock(ACCOUNT_ROLES_LOCK);
    const orphan = await findOrphanProfile(tx, input.id);
    if (!orphan) {
      const exists = await findProfileById(tx, input.id);
      throw new AppError(exists ? 'user_not_orphan' : 'user_not_found');
    }
    if (orphan.auth_sub) await deleteIdentity(tx, orphan.auth_sub);
    else await deleteProfile(tx, orphan.id);
    await recordAudit(tx, {
      actor: input.actor,
      action: 'orphan_user.delete',
      target: { id: orphan.id, label: orphan.email },
      now: input.now,
    });
  });
}
