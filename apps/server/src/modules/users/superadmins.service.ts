import {
  PASSWORD_MIN_LENGTH,
  type SuperadminUser,
  type SuperadminUserCreate,
  type SuperadminUserUpdate,
} from '@tappa/contracts';
import type { Db } from '../../db/db';
import { AppError } from '../../errors';
import { type AuditActor, recordAudit } from '../audit/audit.service';
import { createUserAccount, replacePassword } from './accounts.service';
import {
  countActiveSuperadmins,
  deleteIdentity,
  deleteSessions,
  findSuperadminProfile,
  type Profile,
  setProfileActive,
  updateDisplayName,
} from './users.repository';

export { listSuperadminProfiles as listSuperadmins } from './users.repository';

/**
 * Serializes the changes that could leave the platform without an active superadmin: two
 * superadmins deactivating each other at once would otherwise both see the other still active.
 */
const SUPERADMINS_LOCK = 7_272_028;

function checkPassword(password: string): void {
  if (password.length < PASSWORD_MIN_LENGTH) {
    throw new AppError('password_too_short', { min: PASSWORD_MIN_LENGTH });
  }
}

/** A superadmin profile as the Manage Users panel lists it. */
export function presentSuperadmin(profile: Profile): SuperadminUser {
  return {
    id: profile.id,
    email: profile.email,
    display_name: profile.display_name,
    created_at: profile.created_at.toISOString(),
    is_active: profile.is_active,
  };
}

/** Who changes a superadmin account, and when (for the audit log). */
export interface SuperadminChange {
  actor: AuditActor;
  now: Date;
}

async function findSuperadmin(db: Db, id: string): Promise<Profile & { auth_sub: string }> {
  const profile = await findSuperadminProfile(db, id);
  if (!profile?.auth_sub) throw new AppError('user_not_found');
  return { ...profile, auth_sub: profile.auth_sub };
}

/** Creates a superadmin who signs in with e-mail and password; a known e-mail is a conflict. */
export async function createSuperadmin(
  db: Db,
  input: SuperadminUserCreate,
  { actor, now }: SuperadminChange,
): Promise<Profile> {
  checkPassword(input.password);
  return db.transaction(async (tx) => {
    const { userId } = await createUserAccount(tx, {
      email: input.email,
      password: input.password,
      displayName: input.display_name || null,
      role: 'superadmin',
      tenantId: null,
      now,
    });
    const profile = await findSuperadmin(tx, userId);
    await recordAudit(tx, {
      actor,
      action: 'superadmin.create',
      target: { id: profile.id, label: profile.email },
      now,
    });
    return profile;
  });
}

/**
 * Sets a superadmin's display name and, when one is given, a new password: the sessions opened
 * with the old one end. The e-mail cannot change.
 */
export async function updateSuperadmin(
  db: Db,
  { id, input, actor, now }: SuperadminChange & { id: string; input: SuperadminUserUpdate },
): Promise<Profile> {
  if (input.password) checkPassword(input.password);
  return db.transaction(async (tx) => {
    const profile = await findSuperadmin(tx, id);
    if (input.email !== undefined && input.email.trim().toLowerCase() !== profile.email) {
      throw new AppError('email_unchangeable');
    }
    const displayName = input.display_name || null;
    await updateDisplayName(tx, {
      userId: profile.id,
      authSub: profile.auth_sub,
      displayName,
      name: displayName ?? profile.email,
      now,
    });
    if (input.password) {
      await replacePassword(tx, { authSub: profile.auth_sub, password: input.password, now });
    }
    const fields = [
      ...(displayName === profile.display_name ? [] : ['display_name']),
      ...(input.password ? ['password'] : []),
    ];
    await recordAudit(tx, {
      actor,
      action: 'superadmin.update',
      target: { id: profile.id, label: profile.email },
      details: { fields },
      now,
    });
    return findSuperadmin(tx, id);
  });
}

/**
 * Refuses to take away the caller's own account or the last active superadmin (inside the
 * transaction holding the superadmins lock).
 */
async function checkRemovable(db: Db, profile: Profile, callerId: string): Promise<void> {
  if (profile.id === callerId) throw new AppError('own_account_protected');
  if (profile.is_active && (await countActiveSuperadmins(db)) <= 1) {
    throw new AppError('last_superadmin');
  }
}

/** Activates or deactivates a superadmin; deactivating ends the account's sessions at once. */
export async function setSuperadminActive(
  db: Db,
  input: SuperadminChange & { id: string; isActive: boolean },
): Promise<Profile> {
  return db.transaction(async (tx) => {
    await tx.lock(SUPERADMINS_LOCK);
    const profile = await findSuperadmin(tx, input.id);
    if (!input.isActive) {
      await checkRemovable(tx, profile, input.actor.userId);
      await deleteSessions(tx, profile.auth_sub);
    }
    await setProfileActive(tx, profile.id, input.isActive);
    if (profile.is_active !== input.isActive) {
      await recordAudit(tx, {
        actor: input.actor,
        action: input.isActive ? 'superadmin.activate' : 'superadmin.deactivate',
        target: { id: profile.id, label: profile.email },
        now: input.now,
      });
    }
    return findSuperadmin(tx, input.id);
  });
}

/** Deletes a superadmin account: its profile and its identity, whose sessions go with it. */
export async function deleteSuperadmin(
  db: Db,
  input: SuperadminChange & { id: string },
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.lock(SUPERADMINS_LOCK);
    const profile = await findSuperadmin(tx, input.id);
    await checkRemovable(tx, profile, input.actor.userId);
    await deleteIdentity(tx, profile.auth_sub);
    await recordAudit(tx, {
      actor: input.actor,
      action: 'superadmin.delete',
      target: { id: profile.id, label: profile.email },
      now: input.now,
    });
  });
}
