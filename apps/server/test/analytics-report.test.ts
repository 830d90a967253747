import { randomUUID } from 'node:crypto';
import type {
  EventReport,
  LiveActionResult,
  RouteImportResponse,
  RouteStandings,
} from '@tappa/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/app';
import { TEST_DB } from './helpers/database';
import { call, makeUser, managedTenant, signIn } from './helpers/factories';
import { ManualClock } from './helpers/manual-clock';
import { playScript, type ScriptAction } from './helpers/scripted-event';
import { startTeam, treviStep } from './helpers/team';

// The event report and the certificates' standings (issue 38, decision 0088): a scripted event
// of seven teams on a three-step route (one of them a day later, outside the range), read through
// the API, against the order this file works out from its own script.

const T0 = Date.parse('2026-12-05T09:00:00Z');
const S = 1000;
const DAY = 86_400_000;

const ROUTE = {
  id: 'report-rioni',
  title: 'Rapporto dei rioni',
  steps: [
    treviStep(1, { check_answer: 'uno' }),
    treviStep(2, { check_answer: 'due' }),
    treviStep(3, { check_answer: 'tre' }),
  ],
};
const ANSWERS = ['uno', 'due', 'tre'];

/** The teams of the range's day; `bravo` and `charlie` play alike (a tie), `golf` later. */
const SCRIPT: Record<string, ScriptAction[]> = {
  alfa: [
    { at: 60, step: 0, kind: 'right' },
    { at: 120, step: 1, kind: 'right' },
    { at: 180, step: 2, kind: 'right' },
  ],
  bravo: [
    { at: 60, step: 0, kind: 'right' },
    { at: 200, step: 1, kind: 'skip' },
  ],
  charlie: [
    { at: 60, step: 0, kind: 'right' },
    { at: 200, step: 1, kind: 'skip' },
  ],
  golf: [
    { at: 60, step: 0, kind: 'right' },
    { at: 250, step: 1, kind: 'skip' },
  ],
  delta: [{ at: 30, step: 0, kind: 'wrong' }],
  echo: [],
};
/** Staff's points to `delta`, with their reasons; the second is then undone. */
const BONUS = { points: 50, reason: 'Aiuto a un passante' };
const MISTAKE = { points: -3, reason: 'Foto sfocata' };
const UNDO_REASON = 'Errore nostro';

describe(`the event report on ${TEST_DB} (issue 38, decision 0088)`, () => {
  let t: TestApp;
  const clock = new ManualClock(T0);
  let tenant: Awaited<ReturnType<typeof managedTenant>>;
  let other: Awaited<ReturnType<typeof managedTenant>>;
  let routeId: string;
  /** Each team's score at the end, and the moment its score last moved (seconds from T0). */
  const final = new Map<string, { score: number; lastAt: number }>();
  const gameIds = new Map<string, string>();

  beforeAll(async () => {
    t = await createTestApp({ clock });
    tenant = await managedTenant(t.app, t.database.db);
    other = await managedTenant(t.app, t.database.db);
    const imported = await tenant.api('POST', '/routes/import', { json: JSON.stringify(ROUTE) });
    expect(imported.statusCode, imported.body).toBe(200);
    routeId = imported.json<RouteImportResponse>().route.id;

    const teams = await playScript(t.app, {
      slug: tenant.slug,
      routeSlug: ROUTE.id,
      script: SCRIPT,
      answers: ANSWERS,
      clock,
      t0: T0,
    });
    for (const [name, team] of teams) gameIds.set(name, team.gameId);

    // Staff give delta points, take some by mistake and undo that.
    clock.set(T0 + 300 * S);
    const delta = gameIds.get('delta')!;
    const adjust = (points: number, reason: string) =>
      tenant.api('POST', `/live/games/${delta}/points`, {
        action_id: randomUUID(),
        points,
        reason,
      });
    expect((await adjust(BONUS.points, BONUS.reason)).statusCode).toBe(200);
    const mistake = await adjust(MISTAKE.points, MISTAKE.reason);
    expect(mistake.statusCode, mistake.body).toBe(200);
    const undone = await tenant.api(
      'POST',
      `/live/games/${delta}/events/${mistake.json<LiveActionResult>().event.id}/undo`,
      { action_id: randomUUID(), reason: UNDO_REASON },
    );
    expect(undone.statusCode, undone.body).toBe(200);

    for (const [name, team] of teams) {
      const lastAt = SCRIPT[name]!.filter((a) => a.kind !== 'wrong').at(-1)?.at ?? 0;
      final.set(name, { score: (await team.state()).total_score, lastAt });
    }

    // A team of the next day: outside the range the tests read.
    clock.set(T0 + DAY);
    const late = await startTeam(t.app, {
      slug: tenant.slug,
      email: 'foxtrot@example.org',
      routeSlug: ROUTE.id,
      teamName: 'foxtrot',
    });
    const first = (await late.state()).steps[0]!.id;
    clock.set(T0 + DAY + 40 * S);
    expect((await late.submit(first, { answer: 'uno' })).statusCode).toBe(200);
    gameIds.set('foxtrot', late.gameId);
  });
  afterAll(async () => {
    await t.close();
  });

  const RANGE = `&from=${new Date(T0 - 3_600_000).toISOString()}&to=${new Date(T0 + DAY / 2).toISOString()}`;
  const read = (path: string, query = RANGE) =>
    tenant.api('GET', `/analytics/${path}?route=${routeId}${query}`);

  /** The script's standings: score descending, then the earlier last score; ties share a place. */
  function expectedStandings() {
    const rows = [...final.entries()].map(([name, f]) => ({ name, ...f }));
    return rows
      .map((row) => ({
        name: row.name,
        score: row.score,
        rank:
          1 +
          rows.filter(
            (o) => o.score > row.score || (o.score === row.score && o.lastAt < row.lastAt),
          ).length,
      }))
      .sort((a, b) => a.rank - b.rank || a.name.localeCompare(b.name));
  }

  it("ranks the range's games as the scoreboards do, ties sharing a place", async () => {
    const res = await read('report');
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<EventReport>();
    const expected = expectedStandings();
    expect(
      body.standings.map((s) => ({ name: s.team_name, score: s.score, rank: s.rank })),
    ).toEqual(expected);
    // The script's shape: delta's bonus leads, bravo and charlie tie ahead of golf, echo last.
    expect(expected.map((s) => s.name)).toEqual([
      'delta',
      'alfa',
      'bravo',
      'charlie',
      'golf',
      'echo',
    ]);
    expect(body.standings.map((s) => s.rank)).toEqual([1, 2, 3, 3, 5, 6]);
    expect(body.standings.find((s) => s.team_name === 'alfa')).toMatchObject({
      status: 'completed',
      total_ms: 180 * S,
      started_at: new Date(T0).toISOString(),
    });
    expect(body.standings.find((s) => s.team_name === 'echo')).toMatchObject({
      status: 'active',
      total_ms: null,
    });
    // The analytics are the route's read, once.
    expect(body.analytics).toMatchObject({ route: { id: routeId }, started: 6, finished: 1 });
    expect(body.analytics.steps.map((s) => s.place)).toEqual(['Tappa 1', 'Tappa 2', 'Tappa 3']);
  });

  it("gives each team its steps in the route's order and its ledger with the reasons", async () => {
    const body = (await read('report')).json<EventReport>();
    expect(body.teams.map((team) => team.game_id)).toEqual(body.standings.map((s) => s.game_id));
    const teamOf = (name: string) => body.teams.find((team) => team.game_id === gameIds.get(name))!;

    const alfa = teamOf('alfa');
    expect(alfa.steps.map(({ points: _, ...step }) => step)).toEqual([
      { number: 1, status: 'ok', tries: 1, time_ms: 60 * S },
      { number: 2, status: 'ok', tries: 1, time_ms: 60 * S },
      { number: 3, status: 'ok', tries: 1, time_ms: 60 * S },
    ]);
    expect(alfa.steps.reduce((n, step) => n + step.points, 0)).toBe(final.get('alfa')!.score);
    expect(alfa.ledger.map((e) => [e.kind, e.step, e.points])).toEqual(
      alfa.steps.map((step) => ['try', step.number, step.points]),
    );

    const bravo = teamOf('bravo');
    expect(bravo.steps.map((step) => [step.number, step.status, step.tries, step.time_ms])).toEqual(
      [
        [1, 'ok', 1, 60 * S],
        [2, 'skipped', 0, 140 * S],
        [3, 'pending', 0, null],
      ],
    );

    const delta = teamOf('delta');
    expect(delta.steps[0]).toMatchObject({ number: 1, status: 'pending', tries: 1, time_ms: null });
    expect(delta.ledger.map(({ id: _, ...entry }) => entry)).toEqual([
      { step: null, kind: 'adjustment', points: BONUS.points, reason: BONUS.reason, undone: false },
      {
        step: null,
        kind: 'adjustment',
        points: MISTAKE.points,
        reason: MISTAKE.reason,
        undone: true,
      },
      { step: null, kind: 'undo', points: -MISTAKE.points, reason: UNDO_REASON, undone: false },
    ]);
    expect(teamOf('echo').ledger).toEqual([]);
  });

  it('reads the range only, and the standings alone for the certificates', async () => {
    const report = (await read('report')).json<EventReport>();
    expect(report.standings.map((s) => s.team_name)).not.toContain('foxtrot');
    expect(report.teams.map((team) => team.game_id)).not.toContain(gameIds.get('foxtrot'));

    // Without a range: the next day's team too.
    const all = (await read('report', '')).json<EventReport>();
    expect(all.standings).toHaveLength(7);
    const foxtrot = all.teams.find((team) => team.game_id === gameIds.get('foxtrot'))!;
    expect(foxtrot.steps[0]).toMatchObject({ status: 'ok', tries: 1, time_ms: 40 * S });

    // The next day alone: only foxtrot.
    const nextDay = `&from=${new Date(T0 + DAY / 2).toISOString()}&to=${new Date(T0 + 2 * DAY).toISOString()}`;
    const late = (await read('standings', nextDay)).json<RouteStandings>();
    expect(late.standings.map((s) => [s.team_name, s.rank])).toEqual([['foxtrot', 1]]);

    const res = await read('standings');
    expect(res.statusCode, res.body).toBe(200);
    const standings = res.json<RouteStandings>();
    expect(standings).toMatchObject({
      route: { id: routeId, slug: ROUTE.id, title: ROUTE.title },
      from: new Date(T0 - 3_600_000).toISOString(),
    });
    expect(standings.standings).toEqual(report.standings);
    expect(Object.keys(standings)).not.toContain('teams');
  });

  it('refuses a bad range, and answers 404 to another tenant and 401 to nobody', async () => {
    const from = new Date(T0).toISOString();
    for (const path of ['report', 'standings']) {
      const backwards = await read(path, `&from=${from}&to=${new Date(T0 - 1).toISOString()}`);
      expect(backwards.statusCode).toBe(400);
      const tooLong = await read(
        path,
        `&from=${from}&to=${new Date(T0 + 367 * DAY).toISOString()}`,
      );
      expect(tooLong.statusCode).toBe(400);
      // Another tenant's staff: the route is not in theirs, and ours is not theirs.
      const foreign = await other.api('GET', `/analytics/${path}?route=${routeId}`);
      expect(foreign.statusCode).toBe(404);
      const admin = await makeUser(t.database.db, {
        role: 'tenant_admin',
        tenantId: other.tenant.id,
      });
      const otherAdmin = await signIn(t.app, admin.email, admin.password);
      const url = `/api/tenants/${tenant.slug}/analytics/${path}?route=${routeId}`;
      expect((await call(t.app, otherAdmin, { method: 'GET', url })).statusCode).toBe(404);
      expect((await call(t.app, null, { method: 'GET', url })).statusCode).toBe(401);
    }
  });
});
