import { randomUUID } from 'node:crypto';
import { hashPassword } from 'better-auth/crypto';
import type { Transaction } from '../db/client';
import { authAccounts, authUsers } from '../db/schema';

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
