import { randomUUID } from 'node:crypto';
import type { Role } from '@tappa/domain';
import { hashPassword } from 'better-auth/crypto';
import { and, eq } from 'drizzle-orm';
import type { Transaction } from '../../db/client';
import { authAccounts, authUsers, users } from '../../db/schema';
import { AppError } from '../../errors';

/**
 * Creates an e-mail + password identity in the identity library's tables, in the shape the
 * library itself writes (a user and its `credential` account holding the password hash).
 */
export async function createPasswordIdentity(
  tx: Transaction,
  input: { email: string; password: string; name: string; now: Date },
): Promise<string> {
  const id = randomUUID();
  await tx.insert(authUsers).values({
    id,
    name: input.name,
    email: input.email.toLowerCase(),
    emailVerified: true,
    createdAt: input.now,
    updatedAt: input.now,
  });
  await tx.insert(authAccounts).values({
    id: randomUUID(),
    accountId: id,
    providerId: 'credential',
    userId: id,
    password: await hashPassword(input.password),
    createdAt: input.now,
    updatedAt: input.now,
  });
  return id;
}

/**
 * Creates a person who signs in with e-mail and password: the identity and the application
 * profile. An e-mail that already has an identity is a conflict.
 */
export async function createUserAccount(
  tx: Transaction,
  input: {
    email: string;
    password: string;
    displayName: string | null;
    role: Role;
    tenantId: string | null;
    now: Date;
  },
): Promise<{ userId: string; authSub: string }> {
  const email = input.email.trim().toLowerCase();
  const [taken] = await tx
    .select({ id: authUsers.id })
    .from(authUsers)
    .where(eq(authUsers.email, email))
    .limit(1);
  if (taken) throw new AppError('conflict', `A user with the e-mail ${email} already exists`);
  const authSub = await createPasswordIdentity(tx, {
    email,
    password: input.password,
    name: input.displayName ?? email,
    now: input.now,
  });
  const [user] = await tx
    .insert(users)
    .values({
      auth_sub: authSub,
      auth_provider: 'email',
      email,
      display_name: input.displayName,
      role: input.role,
      tenant_id: input.tenantId,
    })
    .returning({ id: users.id });
  if (!user) throw new Error('insert returned no user');
  return { userId: user.id, authSub };
}

/** Replaces the password of an identity (its `credential` account). */
export async function setPassword(
  tx: Transaction,
  input: { authSub: string; password: string; now: Date },
): Promise<void> {
  await tx
    .update(authAccounts)
    .set({ password: await hashPassword(input.password), updatedAt: input.now })
    .where(and(eq(authAccounts.userId, input.authSub), eq(authAccounts.providerId, 'credential')));
}

/** The profile with `email` in a tenant, if any. */
export async function findTenantUserByEmail(tx: Transaction, tenantId: string, email: string) {
  const [user] = await tx
    .select()
    .from(users)
    .where(and(eq(users.tenant_id, tenantId), eq(users.email, email.trim().toLowerCase())))
    .limit(1);
  return user ?? null;
}
