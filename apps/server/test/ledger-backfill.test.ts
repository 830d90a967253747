import { readFile } from 'node:fs/promises';
import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gameEvents, games, gameSteps } from '../src/db/schema';
import type { TenantScope } from '../src/db/scope';
import { listSteps } from '../src/modules/routes/routes.repository';
import { importRoute } from '../src/modules/routes/routes.service';
import { createTestApp, type TestApp } from './helpers/app';
import { rawDb, TEST_DB } from './helpers/database';
import { makeTenant } from './helpers/factories';

// Migration 0014's backfill (decision 0069): the games played before the ledger get one entry
// per finished step (its award), one adjustment for a total that was not the sum of its steps,
// and a finish for a completed game, so that every total is the sum of its ledger. Run here on
// games written as they were before 0014 (rows without events), with the migration's own text;
// and 0015's last progress of each game (decision 0073).

const migration = () =>
  readFile(new URL('../src/db/migrations/0014_live_console.sql', import.meta.url), 'utf8');

describe(`the ledger's backfill of games made before 0014 on ${TEST_DB}`, () => {
  let t: TestApp;
  let scope: TenantScope;

  beforeAll(async () => {
    t = await createTestApp();
    const tenant = await makeTenant(t.database.db);
    scope = { kind: 'tenant', tenantId: tenant.id, slug: tenant.slug, role: 'superadmin' };
  });
  afterAll(() => t.close());

  /** The fixture route, imported again, and its steps. */
  async function importFixture() {
    const fixture = await readFile(
      new URL('../../../packages/domain/src/fixtures/route-roma-centro.json', import.meta.url),
      'utf8',
    );
    const { route } = await importRoute(t.database.db, scope, fixture);
    return { route, steps: await listSteps(t.database.db, scope, route.id) };
  }

  it('gives each game one entry per finished step, and totals equal to their sums', async () => {
    const {
      route,
      steps: [s1, s2, s3],
    } = await importFixture();
    const db = rawDb(t.database.db);
    const at = new Date('2026-10-01T10:00:00Z');
    const game = async (status: 'active' | 'paused' | 'completed', total: number) => {
      const [row] = await db
        .insert(games)
        .values({
          tenant_id: scope.tenantId,
          route_id: route.id,
          team_name: `Squadra ${status}`,
          owner_email: `${status}@x.it`,
          status,
          total_score: total,
          created_at: at,
          updated_at: at,
          finished_at: status === 'completed' ? at : null,
        })
        .returning();
      return row!;
    };
    const done = await game('completed', 15);
    const drifted = await game('active', 9);
    const fresh = await game('paused', 0);
    const step = (
      gameId: string,
      stepId: string,
      status: 'ok' | 'skipped' | 'pending',
      points = 0,
    ) => ({
      game_id: gameId,
      step_id: stepId,
      status,
      points,
      ended_ms: status === 'pending' ? null : at.getTime(),
    });
    await db
      .insert(gameSteps)
      .values([
        step(done.id, s1!.id, 'ok', 10),
        step(done.id, s2!.id, 'ok', 5),
        step(done.id, s3!.id, 'skipped'),
        step(drifted.id, s1!.id, 'ok', 7),
        step(drifted.id, s2!.id, 'pending'),
        step(fresh.id, s1!.id, 'pending'),
      ]);
    // The migration's backfill: its statements that write game_events.
    const statements = (await migration())
      .split('--> statement-breakpoint')
      .map((text) => text.trim())
      .filter((text) => text.includes('INSERT INTO "game_events"'));
    expect(statements).toHaveLength(3);
    for (const statement of statements) await db.execute(sql.raw(statement));

    const ledgerOf = async (gameId: string) =>
      db
        .select({ kind: gameEvents.kind, points: gameEvents.points, step: gameEvents.step_id })
        .from(gameEvents)
        .where(eq(gameEvents.game_id, gameId))
        .orderBy(asc(gameEvents.id));
    const sum = (entries: { points: number }[]) => entries.reduce((a, e) => a + e.points, 0);

    const doneLedger = await ledgerOf(done.id);
    expect(doneLedger.filter((e) => e.kind !== 'finish')).toEqual(
      expect.arrayContaining([
        { kind: 'try', points: 10, step: s1!.id },
        { kind: 'try', points: 5, step: s2!.id },
        { kind: 'skip', points: 0, step: s3!.id },
      ]),
    );
    expect(doneLedger.map((e) => e.kind).sort()).toEqual(['finish', 'skip', 'try', 'try']);
    expect(sum(doneLedger)).toBe(15);

    const driftedLedger = await ledgerOf(drifted.id);
    expect(driftedLedger).toEqual([
      { kind: 'try', points: 7, step: s1!.id },
      { kind: 'adjustment', points: 2, step: null },
    ]);
    expect(sum(driftedLedger)).toBe(9);
    expect(await ledgerOf(fresh.id)).toEqual([]);
  });

  it("fills 0015's last progress with the newest end of a game's finished steps", async () => {
    const {
      route,
      steps: [s1, s2, s3],
    } = await importFixture();
    const db = rawDb(t.database.db);
    const game = async (name: string) => {
      const [row] = await db
        .insert(games)
        .values({
          tenant_id: scope.tenantId,
          route_id: route.id,
          team_name: name,
          owner_email: `${name}@x.it`,
        })
        .returning();
      return row!;
    };
    const played = await game('played');
    const untouched = await game('untouched');
    const t1 = Date.parse('2026-10-01T10:00:00Z');
    const t2 = Date.parse('2026-10-01T10:20:00Z');
    await db.insert(gameSteps).values([
      { game_id: played.id, step_id: s1!.id, status: 'ok', ended_ms: t1 },
      { game_id: played.id, step_id: s2!.id, status: 'skipped', ended_ms: t2 },
      // A reopened step keeps no end; a pending one has none.
      { game_id: played.id, step_id: s3!.id, status: 'pending', ended_ms: null },
      { game_id: untouched.id, step_id: s1!.id, status: 'pending', ended_ms: null },
    ]);
    const statement = (
      await readFile(
        new URL('../src/db/migrations/0015_game_last_progress.sql', import.meta.url),
        'utf8',
      )
    )
      .split('--> statement-breakpoint')
      .map((text) => text.trim())
      .find((text) => text.includes('UPDATE "games"'));
    await db.execute(sql.raw(statement!));

    const progressOf = async (gameId: string) =>
      (await db.select({ at: games.last_progress_at }).from(games).where(eq(games.id, gameId)))[0]!
        .at;
    expect((await progressOf(played.id))?.getTime()).toBe(t2);
    expect(await progressOf(untouched.id)).toBeNull();
  });
});
