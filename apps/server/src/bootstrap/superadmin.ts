import { randomBytes } from 'node:crypto';
import type { Db } from '../db/db';
import { createFirstSuperadmin } from '../modules/users/accounts.service';

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
  db: Db,
  configured: { email: string; password: string } | null,
  now: Date,
): Promise<SuperadminOutcome> {
  const email = configured?.email ?? GENERATED_SUPERADMIN_EMAIL;
  const password = configured?.password ?? randomBytes(12).toString('base64url');
  const created = await createFirstSuperadmin(db, { email, password, now });
  if (!created) return { created: false };
  return { created: true, email, generatedPassword: configured ? null : password };
}
