import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { Db } from '../../src/db/db';
import { limitCounters } from '../../src/db/schema';
import { CHILD_TABLES, GLOBAL_TABLES, LIBRARY_TABLES, TENANT_TABLES } from '../../src/db/tables';
import { rawDb } from './database';

/**
 * A digest of every row of every table: equal digests, unchanged database. The limits' counters
 * are left out: a refused request is still a request, and counting it is their job. Each table's
 * part is its row count and the sum of its rows' 64-bit hashes: no sort, so its cost grows with
 * the rows and not faster (the fuzz tier takes two per request on a growing database).
 */
export async function fingerprint(db: Db): Promise<string> {
  const tables = [
    ...TENANT_TABLES,
    ...CHILD_TABLES.map((child) => child.table),
    ...LIBRARY_TABLES,
    ...GLOBAL_TABLES.filter((table) => table !== limitCounters),
  ];
  const digests = tables.map(
    (table) =>
      sql`(select count(*) || '/' || coalesce(sum(hashtextextended(t::text, 0)), 0) from ${table} t)`,
  );
  const result: unknown = await rawDb(db).execute(
    sql`select concat_ws(',', ${sql.join(digests, sql`, `)}) as digest`,
  );
  return (result as { rows: { digest: string }[] }).rows[0]!.digest;
}

/**
 * Sends `request` and checks it is refused with `status` and an error matching `error` (its code
 * and parameters), the database unchanged.
 */
export async function expectRefusedUnchanged(
  db: Db,
  request: () => Promise<LightMyRequestResponse>,
  status: number,
  error: Record<string, unknown>,
): Promise<void> {
  const before = await fingerprint(db);
  const res = await request();
  expect(res.statusCode, res.body).toBe(status);
  expect(res.json<{ error: Record<string, unknown> }>().error).toMatchObject(error);
  expect(await fingerprint(db)).toBe(before);
}
