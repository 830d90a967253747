import type { Role, TenantRoleEntry } from '@tappa/domain';
import type { BetterAuthOptions } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { and, count, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/db';
import {
  authAccounts,
  authSessions,
  authUsers,
  authVerifications,
  users,
  userTenantRoles,
} from '../../db/schema';
import { PLATFORM_SCOPE } from '../../db/scope';
import { hashSessionTokens } from './hashed-tokens';

/** The application profile row of a person who signs in. */
export type Profile = typeof users.$inferSelect;

/**
 * The identity library's database adapter: it reads and writes only the `auth_*` tables it is
 * given, which belong to the platform (no tenant owns an identity), and keeps only the hash of
 * a session's token.
 */
export function identityAdapter(db: Db) {
  const adapter = drizzleAdapter(db.unscoped(PLATFORM_SCOPE), {
    provider: 'pg',
    schema: {
      user: authUsers,
      session: authSessions,
      account: authAccounts,
      verification: authVerifications,
    },
  });
  return (options: BetterAuthOptions) => hashSessionTokens(adapter(options));
}

/** The application profile of an identity, or null when it has none. */
export async function findProfileByAuthSub(db: Db, authSub: string): Promise<Profile | null> {
  const [profile] = await db.global.selectFrom(users).where(eq(users.auth_sub, authSub)).limit(1);
  return profile ?? null;
}

/** The active tenant roles of a user. */
export async function findActiveTenantRoles(db: Db, userId: string): Promise<TenantRoleEntry[]> {
  const rows = await db.global
    .select({
      tenant_id: userTenantRoles.tenant_id,
      role: userTenantRoles.role,
      is_active: userTenantRoles.is_active,
    })
    .from(userTenantRoles)
    .where(and(eq(userTenantRoles.user_id, userId), eq(userTenantRoles.is_active, true)));
  return rows.map((r) => ({ ...r, role: r.role satisfies Role }));
}

/** Whether an identity with this (lower-case) e-mail exists. */
export async function isIdentityEmailTaken(db: Db, email: string): Promise<boolean> {
  const [row] = await db.global
    .select({ id: authUsers.id })
    .from(authUsers)
    .where(eq(authUsers.email, email))
    .limit(1);
  return row !== undefined;
}

/**
 * Stores an e-mail + password identity in the identity library's tables, in the shape the
 * library itself writes (a user and its `credential` account holding the password hash).
 */
export async function insertPasswordIdentity(
  db: Db,
  input: {
    id: string;
    accountId: string;
    email: string;
    name: string;
    passwordHash: string;
    now: Date;
  },
): Promise<void> {
  await db.global.insert(authUsers).values({
    id: input.id,
    name: input.name,
    email: input.email,
    emailVerified: true,
    createdAt: input.now,
    updatedAt: input.now,
  });
  await db.global.insert(authAccounts).values({
    id: input.accountId,
    accountId: input.id,
    providerId: 'credential',
    userId: input.id,
    password: input.passwordHash,
    createdAt: input.now,
    updatedAt: input.now,
  });
}

/** Inserts an application profile and returns its id. */
export async function insertProfile(
  db: Db,
  values: {
    authSub: string;
    email: string;
    displayName: string | null;
    role: Role;
    tenantId: string | null;
  },
): Promise<string> {
  const [user] = await db.global
    .insert(users)
    .values({
      auth_sub: values.authSub,
      auth_provider: 'email',
      email: values.email,
      display_name: values.displayName,
      role: values.role,
      tenant_id: values.tenantId,
    })
    .returning({ id: users.id });
  if (!user) throw new Error('insert returned no user');
  return user.id;
}

/** Replaces the password hash of an identity (its `credential` account). */
export async function updatePasswordHash(
  db: Db,
  input: { authSub: string; passwordHash: string; now: Date },
): Promise<void> {
  await db.global
    .update(authAccounts)
    .set({ password: input.passwordHash, updatedAt: input.now })
    .where(and(eq(authAccounts.userId, input.authSub), eq(authAccounts.providerId, 'credential')));
}

/** Ends every session of an identity (its cookies no longer open a session). */
export async function deleteSessions(db: Db, authSub: string): Promise<void> {
  await db.global.delete(authSessions).where(eq(authSessions.userId, authSub));
}

/** The profile with this (lower-case) e-mail whose own tenant is `tenantId`, if any. */
export async function findTenantProfileByEmail(db: Db, tenantId: string, email: string) {
  const [user] = await db.global
    .selectFrom(users)
    .where(and(eq(users.tenant_id, tenantId), eq(users.email, email)))
    .limit(1);
  return user ?? null;
}

/** Whether any superadmin profile exists. */
export async function hasSuperadmin(db: Db): Promise<boolean> {
  const [row] = await db.global
    .select({ id: users.id })
    .from(users)
    .where(eq(users.role, 'superadmin'))
    .limit(1);
  return row !== undefined;
}

/** Every superadmin profile, newest first. */
export async function listSuperadminProfiles(db: Db): Promise<Profile[]> {
  return db.global
    .selectFrom(users)
    .where(eq(users.role, 'superadmin'))
    .orderBy(desc(users.created_at), desc(users.id));
}

/** The superadmin profile with this id, or null (any other profile is not one). */
export async function findSuperadminProfile(db: Db, id: string): Promise<Profile | null> {
  const [row] = await db.global
    .selectFrom(users)
    .where(and(eq(users.id, id), eq(users.role, 'superadmin')))
    .limit(1);
  return row ?? null;
}

/** How many superadmin profiles are active. */
export async function countActiveSuperadmins(db: Db): Promise<number> {
  const [row] = await db.global
    .select({ n: count() })
    .from(users)
    .where(and(eq(users.role, 'superadmin'), eq(users.is_active, true)));
  return row?.n ?? 0;
}

/** Sets a profile's display name, and the identity's name the library shows. */
export async function updateDisplayName(
  db: Db,
  input: { userId: string; authSub: string; displayName: string | null; name: string; now: Date },
): Promise<void> {
  await db.global
    .update(users)
    .set({ display_name: input.displayName })
    .where(eq(users.id, input.userId));
  await db.global
    .update(authUsers)
    .set({ name: input.name, updatedAt: input.now })
    .where(eq(authUsers.id, input.authSub));
}

/** Activates or deactivates a profile. */
export async function setProfileActive(db: Db, userId: string, isActive: boolean): Promise<void> {
  await db.global.update(users).set({ is_active: isActive }).where(eq(users.id, userId));
}

/**
 * Deletes an identity: its profile, credential account and sessions go with it (foreign keys
 * `on delete cascade`).
 */
export async function deleteIdentity(db: Db, authSub: string): Promise<void> {
  await db.global.delete(authUsers).where(eq(authUsers.id, authSub));
}
