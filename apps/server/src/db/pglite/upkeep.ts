import { sql } from 'drizzle-orm';
import type { Drizzle } from '../drizzle';
import { statementsOf } from '../rows';

/** How often the embedded database is looked after (decision 0074). */
export const PGLITE_UPKEEP_MS = 60_000;

/** What one round of upkeep did: the tables analysed and those vacuumed (and analysed). */
export interface UpkeepReport {
  analyzed: string[];
  vacuumed: string[];
}

/**
 * What PostgreSQL's autovacuum does and PGlite (one process, no background workers) never does
 * by itself (decision 0074): the app's tables whose rows changed enough since their statistics
 * were gathered are analysed, so that the planner knows their sizes, and those with enough dead
 * rows are vacuumed, by autovacuum's default thresholds (50 rows plus 10 % of the table to
 * analyse, 50 plus 20 % to vacuum). A table is a statement of its own, so that the queries
 * queued behind it wait for one table at a time.
 */
export async function pgliteUpkeep(d: Drizzle): Promise<UpkeepReport> {
  // The engine's counters reach pg_stat_user_tables when they are flushed (next statement).
  const run = statementsOf(d);
  await run(sql`select pg_stat_force_next_flush()`);
  const tables = await run<{ name: string; analyze: boolean; vacuum: boolean }>(
    sql`select t.relname as name,
        (t.last_analyze is null or t.n_mod_since_analyze > 50 + 0.1 * greatest(c.reltuples, 0))
          as analyze,
        t.n_dead_tup > 50 + 0.2 * greatest(c.reltuples, 0) as vacuum
      from pg_stat_user_tables t join pg_class c on c.oid = t.relid
      where t.schemaname = 'public'
      order by t.relname`,
  );
  const report: UpkeepReport = { analyzed: [], vacuumed: [] };
  for (const table of tables) {
    const name = sql.identifier(table.name);
    if (table.vacuum) {
      await run(sql`vacuum (analyze) ${name}`);
      report.vacuumed.push(table.name);
    } else if (table.analyze) {
      await run(sql`analyze ${name}`);
      report.analyzed.push(table.name);
    }
  }
  return report;
}
