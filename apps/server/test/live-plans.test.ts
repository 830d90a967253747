import { LIVE_FEED_SIZE } from '@tappa/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consoleGamesQuery, eventsQuery } from '../src/modules/live/live.repository';
import { systemClock } from '../src/infra/clock';
import { LiveConsoleReader } from '../src/modules/live/live-console-reader';
import { createTestApp, type TestApp } from './helpers/app';
import { rawDb, TEST_DB } from './helpers/database';
import { makeTenantWithSampleRoute } from './helpers/factories';

const TEAMS = 1000;
const EVENTS = 20_000;

/**
 * The console's statements with 1,000 teams on one route (decisions 0070, 0074 and 0092): their
 * plans (with the database's own timings) are printed, and checked for the indexes they must use
 * and for work done once per game. The feed is planned first on statistics gathered before the
 * teams came. Then PostgreSQL has current statistics (as autovacuum gathers them); on PGlite the
 * games' statements are planned on the old ones (its planner then expects no game, as before its
 * next upkeep round), the events' after its upkeep.
 */
describe('the live console at 1,000 teams', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('computes the console of 1,000 teams in a few set-based statements', async () => {
    const db = t.database.db;
    const raw = rawDb(db);
    const { tenant, scope, route } = await makeTenantWithSampleRoute(db);
    // Statistics gathered before the event began, when no team played yet (as autovacuum or
    // PGlite's upkeep may have left them): the feed's plan below is made on them.
    await raw.execute(sql`analyze games, game_events`);
    await raw.execute(sql`insert into games
      (tenant_id, route_id, team_name, owner_email, status, current_step_index, started_at,
        last_active_at)
      select ${tenant.id}, ${route.id}, 'Team ' || i, 'team' || i || '@example.org',
        case when i % 10 = 0 then 'paused' else 'active' end, i % 4,
        now() - interval '1 hour', now() - (i || ' seconds')::interval
      from generate_series(1, ${TEAMS}) i`);
    await raw.execute(sql`insert into game_steps (game_id, step_id, status, attempts, ended_ms)
      select g.id, s.id, case when s.ord < 2 then 'ok' else 'pending' end, 1,
        case when s.ord < 2 then extract(epoch from now())::bigint * 1000 end
      from games g cross join steps s
      where g.tenant_id = ${tenant.id} and s.route_id = ${route.id}`);
    await raw.execute(sql`insert into game_events (tenant_id, route_id, game_id, kind, at)
      select ${tenant.id}, ${route.id}, g.id, 'wrong_try', now()
      from games g cross join generate_series(1, ${EVENTS / TEAMS})
      where g.tenant_id = ${tenant.id}`);
    const lines = (rows: unknown) =>
      (rows as Record<string, string>[]).map((r) => Object.values(r)[0]).join('\n');
    const plan = async (query: ReturnType<typeof sql>) => {
      const rows = await raw.execute(sql`explain (analyze, buffers, format text) ${query}`);
      return (rows as { rows?: Record<string, string>[] }).rows ?? rows;
    };
    // The feed on the statistics of before the event: planned as if the tables were empty.
    const freshEventsPlan = lines(await plan(eventsQuery(scope, { limit: LIVE_FEED_SIZE })));
    // On PostgreSQL as autovacuum leaves it; on PGlite as before its next upkeep round.
    if (TEST_DB === 'postgres') await raw.execute(sql`analyze`);

    const opts = { routeId: route.id, finishedSince: new Date(0) };
    const gamesPlan = lines(await plan(consoleGamesQuery(scope, opts)));
    const moved = await raw.execute(
      sql`select id from games where tenant_id = ${tenant.id} order by id limit 10`,
    );
    const gameIds = (
      (moved as { rows?: { id: string }[] }).rows ?? (moved as { id: string }[])
    ).map((row) => row.id);
    const movedPlan = lines(await plan(consoleGamesQuery(scope, { ...opts, gameIds })));
    // The events' plans need the tables' sizes: PGlite's upkeep gathers them (decision 0074).
    await t.database.upkeep?.();
    const eventsPlan = lines(
      await plan(eventsQuery(scope, { routeId: route.id, limit: LIVE_FEED_SIZE })),
    );
    const tenantEventsPlan = lines(await plan(eventsQuery(scope, { limit: LIVE_FEED_SIZE })));
    console.log(
      `games:\n${gamesPlan}\n\nten games that moved:\n${movedPlan}\n\nevents of the route:\n${eventsPlan}\n\nevents of the tenant:\n${tenantEventsPlan}\n\nevents of the tenant, statistics of before the event:\n${freshEventsPlan}`,
    );
    // The newest events come off an index backwards, not from sorting the 20,000 (a top-N
    // sort); only those 50 are sorted again, once joined to their games and steps.
    for (const eventPlan of [eventsPlan, tenantEventsPlan]) {
      expect(eventPlan).toMatch(/Index Scan Backward using game_events_(pkey|route_idx)/);
      expect(eventPlan).not.toMatch(/top-N heapsort/);
    }
    // On the statistics of before the event too, the newest events are found before any join,
    // not by reading the tenant's events once per game: fewer pages than there are events (the
    // join first read 166,000 on PostgreSQL, 8 per event).
    const pagesRead = /Buffers: shared hit=(\d+)(?: read=(\d+))?/.exec(freshEventsPlan);
    expect(Number(pagesRead?.[1]) + Number(pagesRead?.[2] ?? 0)).toBeLessThan(EVENTS);

    // Each team's current step is read by the game steps' key, not by scanning them per team.
    expect(gamesPlan).toMatch(/game_steps_game_step_key/);
    // The games that moved are read by a key, not by scanning the tenant's games.
    expect(movedPlan).toMatch(/games_(pkey|route_idx)/);
    expect(movedPlan).not.toMatch(/Seq Scan on games/);
    // The route's steps are gathered once, not once per game (nested loops without statistics).
    for (const gamePlan of [gamesPlan, movedPlan]) {
      const aggregateLoops = gamePlan
        .split('\n')
        .filter((line) => /Aggregate|WindowAgg|Sort/.test(line))
        .map((line) => Number(/loops=(\d+)/.exec(line)?.[1] ?? 1));
      expect(aggregateLoops.length).toBeGreaterThan(0);
      expect(Math.max(...aggregateLoops)).toBe(1);
      expect(gamePlan).not.toMatch(/Rows Removed by Join Filter/);
    }
    const live = await new LiveConsoleReader(db, systemClock).read(
      { scope, routeId: route.id },
      new Date(),
    );
    expect(live.teams).toHaveLength(TEAMS);
    expect(live.activity).toHaveLength(LIVE_FEED_SIZE);
  });
});
