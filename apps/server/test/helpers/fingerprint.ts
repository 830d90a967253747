import { sql } from 'drizzle-orm';
import type { Db } from '../../src/db/db';
import { limitCounters } from '../../src/db/schema';
import { CHILD_TABLES, GLOBAL_TABLES, LIBRARY_TABLES, TENANT_TABLES } from '../../src/db/tables';
import { rawDb } from './database';

/**
 * A digest of every row of every table: equal digests, unchanged database. The limits' counters
 * are left out: a refused request is still a request, and counting it is their job.
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
      sql`(select md5(coalesce(string_agg(t::text, '|' order by t::text), '')) from ${table} t)`,
  );
  const result: unknown = await rawDb(db).execute(
    sql`select concat_ws(',', ${sql.join(digests, sql`, `)}) as digest`,
  );
  return (result as { rows: { digest: string }[] }).rows[0]!.digest;
}
