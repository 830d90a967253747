import { sql } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { scheduleUpkeep } from '../src/app-database';
import { PGLITE_UPKEEP_MS, type UpkeepReport } from '../src/db/pglite/upkeep';
import { createTestDatabase, rawDb, TEST_DB } from './helpers/database';
import { makeTenantWithSampleRoute } from './helpers/factories';
import { ManualClock } from './helpers/manual-clock';

/** Rows of a raw statement on either driver. */
function rowsOf<R>(result: unknown): R[] {
  return (result as { rows?: R[] }).rows ?? (result as R[]);
}

describe('the embedded database upkeep (decision 0074)', () => {
  it.skipIf(TEST_DB !== 'pglite')(
    'gathers statistics where rows changed, vacuums where rows died, then rests',
    async () => {
      const database = await createTestDatabase();
      try {
        const upkeep = database.upkeep;
        if (!upkeep) throw new Error('PGlite has an upkeep');
        const raw = rawDb(database.db);
        const { tenant, route } = await makeTenantWithSampleRoute(database.db);
        await raw.execute(sql`insert into games
          (tenant_id, route_id, team_name, owner_email, status, current_step_index)
          select ${tenant.id}, ${route.id}, 'Team ' || i, 'team' || i || '@example.org',
            'active', 0
          from generate_series(1, 500) i`);
        const gamesStats = async () => {
          await raw.execute(sql`select pg_stat_force_next_flush()`);
          const [row] = rowsOf<{ reltuples: number; dead: number }>(
            await raw.execute(sql`select c.reltuples::float8 as reltuples,
                t.n_dead_tup::float8 as dead
              from pg_class c join pg_stat_user_tables t on t.relid = c.oid
              where c.relname = 'games' and t.schemaname = 'public'`),
          );
          return row;
        };
        // Never analysed: the planner does not know the table's size.
        expect((await gamesStats())?.reltuples).toBe(-1);

        const first = await upkeep();
        expect(first.analyzed).toContain('games');
        expect((await gamesStats())?.reltuples).toBe(500);

        // Nothing changed since: nothing to do.
        expect(await upkeep()).toEqual({ analyzed: [], vacuumed: [] });

        // Every game's row rewritten: 500 dead rows, over 50 + 20 % of the table.
        await raw.execute(
          sql`update games set total_score = total_score + 1 where tenant_id = ${tenant.id}`,
        );
        expect((await gamesStats())?.dead).toBe(500);
        const third = await upkeep();
        expect(third).toEqual({ analyzed: [], vacuumed: ['games'] });
        expect(await gamesStats()).toEqual({ reltuples: 500, dead: 0 });
      } finally {
        await database.close();
      }
    },
  );

  it.skipIf(TEST_DB !== 'postgres')('is left to autovacuum on PostgreSQL', async () => {
    const database = await createTestDatabase();
    try {
      expect(database.upkeep).toBeUndefined();
    } finally {
      await database.close();
    }
  });

  it('runs every minute, one round at a time, and logs what it did and what failed', async () => {
    const clock = new ManualClock();
    const logger = { info: vi.fn(), error: vi.fn() };
    let finish: (report: UpkeepReport) => void = () => undefined;
    let fail: (err: Error) => void = () => undefined;
    const upkeep = vi.fn(
      () =>
        new Promise<UpkeepReport>((resolve, reject) => {
          finish = resolve;
          fail = reject;
        }),
    );
    const schedule = scheduleUpkeep({ upkeep, clock, logger });

    clock.advance(PGLITE_UPKEEP_MS - 1);
    expect(upkeep).not.toHaveBeenCalled();
    clock.advance(1);
    expect(upkeep).toHaveBeenCalledTimes(1);
    // Still under way a minute later: not started twice.
    clock.advance(PGLITE_UPKEEP_MS);
    expect(upkeep).toHaveBeenCalledTimes(1);
    const report = { analyzed: ['games'], vacuumed: [] };
    finish(report);
    await schedule.idle();
    expect(logger.info).toHaveBeenCalledWith(report, 'embedded database upkeep');

    clock.advance(PGLITE_UPKEEP_MS);
    expect(upkeep).toHaveBeenCalledTimes(2);
    const err = new Error('disk full');
    fail(err);
    await schedule.idle();
    expect(logger.error).toHaveBeenCalledWith({ err }, 'embedded database upkeep failed');

    // A round with nothing to do says nothing.
    clock.advance(PGLITE_UPKEEP_MS);
    finish({ analyzed: [], vacuumed: [] });
    await schedule.idle();
    expect(logger.info).toHaveBeenCalledTimes(1);

    schedule.stop();
    clock.advance(10 * PGLITE_UPKEEP_MS);
    expect(upkeep).toHaveBeenCalledTimes(3);
  });
});
