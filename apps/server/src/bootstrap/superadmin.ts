import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { users } from '../db/schema';
import { createUserAccount } from '../modules/session/accounts';

/** The e-mail of the superadmin created when none is configured. */
export const GENERATED_SUPERADMIN_EMAIL = 'superadmin@tappa.local';

/** What `ensureSuperadmin` did, so the caller can tell the operator. */
export type SuperadminOutcome =
  { created: false } | { created: true; email: string; generatedPassword: string | null };

/**
 * Creates the platform's superadmin when none exists: from `SUPERADMIN_EMAIL`/`PASSWORD`, or
 * with a generated password that is returned once (and never stored in clear).
 */
export async function ensureSuperadmin(
  db: Database,
  configured: { email: string; password: string } | null,
  now: Date,
): Promise<SuperadminOutcome> {
  return db.transaction(async (tx) => {
    // Instances starting together on one PostgreSQL create one superadmin, not two.
    await tx.execute(sql`select pg_advisory_xact_lock(7272027)`);
    const existing = await tx
      .select({ id: users.id })
      .from(users)
      .where(eq(users.role, 'superadmin'))
      .limit(1);
    if (existing.length > 0) return { created: false };

    const email = configured?.email ?? GENERATED_SUPERADMIN_EMAIL;
    const password = configured?.password ?? randomBytes(12).toString('base64url');
    await createUserAccount(tx, {
      email,
      password,
      displayName: 'Superadmin',
      role: 'superadmin',
      tenantId: null,
      now,
    });
    return { created: true, email, generatedPassword: configured ? null : password };
  });
}
