import { randomUUID } from 'node:crypto';
import type { Role } from '@tappa/domain';
import { hashPassword } from 'better-auth/crypto';
import type { Db } from '../../db/db';
import { AppError } from '../../errors';
import {
  deleteSessions,
  findTenantProfileByEmail,
  hasSuperadmin,
  insertPasswordIdentity,
  insertProfile,
  isIdentityEmailTaken,
  setProfileActive,
  updatePasswordHash,
} from './users.repository';
import { findProfileByEmail } from './tenant-roles.repository';

/** What a new account is made of. */
export interface NewAccount {
  email: string;
  password: string;
  displayName: string | null;
  role: Role;
  tenantId: string | null;
  now: Date;
}

/**
 * Creates a person who signs in with e-mail and password: the identity and the application
 * profile (in the caller's transaction). An e-mail that already has an identity is a conflict.
 */
export async function createUserAccount(
  db: Db,
  input: NewAccount,
): Promise<{ userId: string; authSub: string }> {
  const email = input.email.trim().toLowerCase();
  if (await isIdentityEmailTaken(db, email)) throw new AppError('email_taken', { email });
  const authSub = randomUUID();
  await insertPasswordIdentity(db, {
    id: authSub,
    accountId: randomUUID(),
    email,
    name: input.displayName ?? email,
    passwordHash: await hashPassword(input.password),
    now: input.now,
  });
  const userId = await insertProfile(db, {
    authSub,
    email,
    displayName: input.displayName,
    role: input.role,
    tenantId: input.tenantId,
  });
  return { userId, authSub };
}

/** Sets an account's password and ends the sessions opened with the old one. */
export async function replacePassword(
  db: Db,
  input: { authSub: string; password: string; now: Date },
): Promise<void> {
  const passwordHash = await hashPassword(input.password);
  await updatePasswordHash(db, { authSub: input.authSub, passwordHash, now: input.now });
  await deleteSessions(db, input.authSub);
}

/**
 * Sets the password of the tenant's own admin with `email` and ends the sessions opened with the
 * old one, or creates that admin when the e-mail has no account in the tenant yet (the
 * superadmin's tenant form).
 */
export async function setTenantAdminPassword(
  db: Db,
  input: { tenantId: string; email: string; password: string; now: Date },
): Promise<void> {
  const email = input.email.trim().toLowerCase();
  const admin = await findTenantProfileByEmail(db, input.tenantId, email);
  if (admin?.auth_sub) {
    await replacePassword(db, {
      authSub: admin.auth_sub,
      password: input.password,
      now: input.now,
    });
    return;
  }
  await createUserAccount(db, {
    email,
    password: input.password,
    displayName: null,
    role: 'tenant_admin',
    tenantId: input.tenantId,
    now: input.now,
  });
}

/** Serializes first-start work of instances starting together on one PostgreSQL. */
export const BOOTSTRAP_LOCK = 7_272_027;

/**
 * Creates the platform's superadmin when none exists (one transaction, taking the bootstrap
 * lock so that instances starting together create one, not two); false when one existed.
 */
export async function createFirstSuperadmin(
  db: Db,
  input: { email: string; password: string; now: Date },
): Promise<boolean> {
  return db.transaction(async (tx) => {
    await tx.lock(BOOTSTRAP_LOCK);
    if (await hasSuperadmin(tx)) return false;
    await createUserAccount(tx, {
      email: input.email,
      password: input.password,
      displayName: 'Superadmin',
      role: 'superadmin',
      tenantId: null,
      now: input.now,
    });
    return true;
  });
}

/** What `setSuperadminPassword` did. */
export type SuperadminPasswordOutcome = 'created' | 'reset';

/**
 * The `npm run superadmin` command (decision 0067): gives the superadmin with `email` the
 * password, ending its sessions (and making it active again), or creates that superadmin when the
 * e-mail has no account. An account of another role is refused (`email_taken`): the command
 * never turns a tenant's staff into a superadmin.
 */
export async function setSuperadminPassword(
  db: Db,
  input: { email: string; password: string; now: Date },
): Promise<SuperadminPasswordOutcome> {
  const email = input.email.trim().toLowerCase();
  return db.transaction(async (tx) => {
    await tx.lock(BOOTSTRAP_LOCK);
    const profile = await findProfileByEmail(tx, email);
    if (!profile) {
      await createUserAccount(tx, {
        email,
        password: input.password,
        displayName: 'Superadmin',
        role: 'superadmin',
        tenantId: null,
        now: input.now,
      });
      return 'created';
    }
    if (profile.role !== 'superadmin' || !profile.auth_sub) {
      throw new AppError('email_taken', { email });
    }
    await replacePassword(tx, {
      authSub: profile.auth_sub,
      password: input.password,
      now: input.now,
    });
    if (!profile.is_active) await setProfileActive(tx, profile.id, true);
    return 'reset';
  });
}
