import type { RouteAnalytics, RouteImportResponse } from '@tappa/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/app';
import { TEST_DB } from './helpers/database';
import { call, makeUser, managedTenant, signIn } from './helpers/factories';
import { ManualClock } from './helpers/manual-clock';
import { playScript, type ScriptAction } from './helpers/scripted-event';
import { treviStep } from './helpers/team';

// Per-step analytics (issue 38, decision 0088): a scripted event of six teams on a three-step
// route, read through the API, against figures this file computes from its own script.

const T0 = Date.parse('2026-12-05T09:00:00Z');
const S = 1000;

const ROUTE = {
  id: 'analisi-rioni',
  title: 'Analisi dei rioni',
  steps: [
    treviStep(1, { check_answer: 'uno' }),
    treviStep(2, {
      check_answer: 'due',
      hints: [{ text: 'Guarda la fontana', cost: 3, unlock_after_s: 0 }],
    }),
    treviStep(3, { check_answer: 'tre' }),
  ],
};
const ANSWERS = ['uno', 'due', 'tre'];

/** What each team does, at seconds from T0. */
const SCRIPT: Record<string, ScriptAction[]> = {
  alfa: [
    { at: 60, step: 0, kind: 'right' },
    { at: 100, step: 1, kind: 'hint' },
    { at: 200, step: 1, kind: 'wrong' },
    { at: 240, step: 1, kind: 'right' },
    { at: 270, step: 2, kind: 'right' },
  ],
  bravo: [
    { at: 120, step: 0, kind: 'wrong' },
    { at: 150, step: 0, kind: 'right' },
    { at: 300, step: 1, kind: 'skip' },
  ],
  charlie: [{ at: 90, step: 0, kind: 'right' }],
  delta: [
    { at: 30, step: 0, kind: 'right' },
    { at: 130, step: 1, kind: 'right' },
  ],
  echo: [],
  foxtrot: [{ at: 200, step: 0, kind: 'skip' }],
};
/** When the event ends ('Termina ora'), in seconds from T0. */
const END = 400;

/** The p-th percentile, linear between ranks (this file's own, the reference). */
function percentile(values: number[], p: number): number | null {
  if (values.length === 0) return null;
  const v = [...values].sort((a, b) => a - b);
  const rank = p * (v.length - 1);
  const below = v[Math.floor(rank)]!;
  const above = v[Math.ceil(rank)]!;
  return below + (above - below) * (rank - Math.floor(rank));
}

/**
 * The figures the script makes, step by step: a team reaches step 0 when its game starts and
 * the next step when it solves or skips one; it drops off a step it reached when the event ends
 * before it went further.
 */
function expected(ended: boolean) {
  return ROUTE.steps.map((_, step) => {
    const teams = Object.values(SCRIPT).map((actions) => {
      const reachedAt =
        step === 0
          ? 0
          : actions.find((a) => a.step === step - 1 && (a.kind === 'right' || a.kind === 'skip'))
              ?.at;
      const end = actions.find((a) => a.step === step && (a.kind === 'right' || a.kind === 'skip'));
      const tries = actions.filter(
        (a) => a.step === step && (a.kind === 'right' || a.kind === 'wrong'),
      ).length;
      return {
        reachedAt,
        end,
        tries,
        hints: actions.filter((a) => a.step === step && a.kind === 'hint'),
      };
    });
    const reached = teams.filter((t) => t.reachedAt !== undefined);
    const solved = reached.filter((t) => t.end?.kind === 'right');
    const times = solved.map((t) => (t.end!.at - t.reachedAt!) * S);
    const tried = reached.filter((t) => t.tries > 0);
    const open = reached.filter((t) => t.end === undefined);
    return {
      number: step + 1,
      reached: reached.length,
      solved: solved.length,
      skipped: reached.filter((t) => t.end?.kind === 'skip').length,
      on_it: ended ? 0 : open.length,
      solve_rate: reached.length ? solved.length / reached.length : null,
      median_solve_ms: percentile(times, 0.5),
      p90_solve_ms: percentile(times, 0.9),
      mean_tries: tried.length ? tried.reduce((n, t) => n + t.tries, 0) / tried.length : null,
      first_try_share: solved.length
        ? solved.filter((t) => t.tries === 1).length / solved.length
        : null,
      hints_taken: teams.reduce((n, t) => n + t.hints.length, 0),
      hint_points: teams.reduce((n, t) => n + t.hints.length * 3, 0),
      // Reached and never the next: its end never came (for every step here, the next step is
      // reached exactly when this one ends).
      drop_off: ended ? open.length : 0,
    };
  });
}

describe(`per-step analytics on ${TEST_DB} (issue 38, decision 0088)`, () => {
  let t: TestApp;
  const clock = new ManualClock(T0);
  let tenant: Awaited<ReturnType<typeof managedTenant>>;
  let other: Awaited<ReturnType<typeof managedTenant>>;
  let routeId: string;
  const scores = new Map<string, number>();

  beforeAll(async () => {
    t = await createTestApp({ clock });
    tenant = await managedTenant(t.app, t.database.db);
    other = await managedTenant(t.app, t.database.db);
    const imported = await tenant.api('POST', '/routes/import', { json: JSON.stringify(ROUTE) });
    expect(imported.statusCode, imported.body).toBe(200);
    routeId = imported.json<RouteImportResponse>().route.id;

    // Every team starts at T0 and opens its first step; then the script plays in time order.
    const teams = await playScript(t.app, {
      slug: tenant.slug,
      routeSlug: ROUTE.id,
      script: SCRIPT,
      answers: ANSWERS,
      clock,
      t0: T0,
    });
    clock.set(T0 + END * S);
    for (const [name, team] of teams) scores.set(name, (await team.state()).total_score);
  });
  afterAll(async () => {
    await t.close();
  });

  const read = (query: string) => tenant.api('GET', `/analytics?route=${routeId}${query}`);

  it('gives each step its figures while the event runs, as the script made them', async () => {
    const res = await read('');
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<RouteAnalytics>();
    expect(body.route).toMatchObject({ id: routeId, slug: ROUTE.id });
    expect(body.started).toBe(6);
    expect(body.finished).toBe(1);
    expect(body.median_total_ms).toBe(270 * S);
    expect(body.steps).toHaveLength(3);
    for (const [n, step] of expected(false).entries()) {
      const got = body.steps[n]!;
      expect({ ...got, step_id: undefined, place: undefined }, `step ${n + 1}`).toEqual({
        ...step,
        step_id: undefined,
        place: undefined,
      });
      expect(got.place).toBe(`Tappa ${n + 1}`);
    }
    // The scores in bands from the lowest to the highest, every game in one.
    const all = [...scores.values()];
    expect(body.score_bands.reduce((n, band) => n + band.games, 0)).toBe(6);
    expect(body.score_bands[0]!.from).toBe(Math.min(...all));
    expect(body.score_bands.at(-1)!.to).toBe(Math.max(...all));
    for (const band of body.score_bands) {
      expect(band.games).toBe(all.filter((s) => s >= band.from && s <= band.to).length);
    }
  });

  it("counts drop-off once the event is over, and only the range's games", async () => {
    const ended = await tenant.api('PUT', `/live/routes/${routeId}/end`);
    expect(ended.statusCode, ended.body).toBe(200);
    // The next 5 s bucket: the read of the first test is no longer the cached answer.
    clock.set(T0 + (END + 5) * S);
    const body = (await read('')).json<RouteAnalytics>();
    expect(body.finished).toBe(6);
    // Five games ended with the event at 400 s, one at 270 s.
    expect(body.median_total_ms).toBe(END * S);
    const figures = expected(true);
    expect(body.steps.map((s) => s.drop_off)).toEqual(figures.map((s) => s.drop_off));
    expect(body.steps.map((s) => s.drop_off)).toEqual([1, 2, 2]);
    expect(body.steps.map((s) => s.on_it)).toEqual([0, 0, 0]);

    // A range before the games started holds none of them.
    const before = (
      await read(
        `&from=${new Date(T0 - 86_400_000).toISOString()}&to=${new Date(T0 - 1).toISOString()}`,
      )
    ).json<RouteAnalytics>();
    expect(before.started).toBe(0);
    expect(before.steps.map((s) => s.reached)).toEqual([0, 0, 0]);
    expect(before.steps[0]).toMatchObject({ solve_rate: null, median_solve_ms: null });
    expect(before.score_bands).toEqual([]);
  });

  it('refuses a range longer than a year or ending before it starts, and other routes', async () => {
    const from = new Date(T0).toISOString();
    const backwards = await read(`&from=${from}&to=${new Date(T0 - 1).toISOString()}`);
    expect(backwards.statusCode).toBe(400);
    const tooLong = await read(`&from=${from}&to=${new Date(T0 + 367 * 86_400_000).toISOString()}`);
    expect(tooLong.statusCode).toBe(400);
    const yearly = await read(`&from=${from}&to=${new Date(T0 + 366 * 86_400_000).toISOString()}`);
    expect(yearly.statusCode).toBe(200);
    // Another tenant's staff find neither the route in theirs nor theirs here; nobody signed out.
    const foreign = await other.api('GET', `/analytics?route=${routeId}`);
    expect(foreign.statusCode).toBe(404);
    const admin = await makeUser(t.database.db, {
      role: 'tenant_admin',
      tenantId: other.tenant.id,
    });
    const otherAdmin = await signIn(t.app, admin.email, admin.password);
    const asOther = await call(t.app, otherAdmin, {
      method: 'GET',
      url: `/api/tenants/${tenant.slug}/analytics?route=${routeId}`,
    });
    expect(asOther.statusCode).toBe(404);
    const anonymous = await call(t.app, null, {
      method: 'GET',
      url: `/api/tenants/${tenant.slug}/analytics?route=${routeId}`,
    });
    expect(anonymous.statusCode).toBe(401);
  });
});
