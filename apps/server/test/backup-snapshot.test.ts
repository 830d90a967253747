import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { statementsOf } from '../src/db/rows';
import { PLATFORM_SCOPE } from '../src/db/scope';
import { listTables, withSnapshot } from '../src/modules/backup/backup.repository';
import { createTestDatabase, TEST_DB } from './helpers/database';
import { makeTenant } from './helpers/factories';

// Issue 32, item 1 (decision 0077): a backup reads every table as it was when it began, while
// the others go on writing; on PGlite from binary copies taken in one short transaction.

describe(`a backup's snapshot on ${TEST_DB}`, () => {
  it('reads every table as it was when it began, whatever is written meanwhile', async () => {
    const database = await createTestDatabase();
    try {
      for (let n = 0; n < 3; n += 1) await makeTenant(database.db);
      const tables = await listTables(database.db);
      const tenants = tables.find((table) => table.name === 'tenants')!;
      const { seen, pages } = await withSnapshot(
        database,
        tables,
        async (rowsOf) => {
          // Written after the snapshot began, before the table is read.
          await makeTenant(database.db);
          const rows: string[] = [];
          let count = 0;
          for await (const page of rowsOf(tenants)) {
            rows.push(...page);
            count += 1;
          }
          return { seen: rows, pages: count };
        },
        2,
      );
      expect(seen).toHaveLength(3);
      expect(pages).toBe(2);
      expect(
        seen.every((row) => typeof (JSON.parse(row) as { slug: unknown }).slug === 'string'),
      ).toBe(true);
      // Nothing of the copies is left behind.
      const [left] = await statementsOf(database.db.unscoped(PLATFORM_SCOPE))<{ n: number }>(
        sql`select count(*)::int as n from pg_class where relname like 'backup_copy_%'`,
      );
      expect(left?.n).toBe(0);
      const [now] = await statementsOf(database.db.unscoped(PLATFORM_SCOPE))<{ n: number }>(
        sql`select count(*)::int as n from tenants`,
      );
      expect(now?.n).toBe(4);
    } finally {
      await database.close();
    }
  });
});
