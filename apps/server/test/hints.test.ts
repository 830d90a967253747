import { randomUUID } from 'node:crypto';
import type {
  GameLive,
  GameState,
  LiveActionResult,
  RouteListResponse,
  RouteSummary,
  TakeHintResult,
  TeamErasure,
  TeamLedger,
  TenantTeamDetail,
} from '@tappa/contracts';
import { and, asc, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, gameEvents, gameHints, routes, teamRegistrations } from '../src/db/schema';
import { LIVE_PUSH_INTERVAL_MS } from '../src/modules/live/live-hub';
import { createTestApp, type TestApp } from './helpers/app';
import { expectLedgerAgrees } from './helpers/ledger-checks';
import { rawDb, TEST_DB } from './helpers/database';
import { type EventStreamReader, openEventStream } from './helpers/event-stream';
import { call, makeUser, managedTenant, signIn } from './helpers/factories';
import { expectRefusedUnchanged, fingerprint } from './helpers/fingerprint';
import { ManualClock } from './helpers/manual-clock';
import { startTeam, treviStep } from './helpers/team';

const T0 = Date.parse('2026-11-22T10:00:00Z');
const iso = (ms: number) => new Date(ms).toISOString();

/** Every hint's text: none may reach a team before it takes that hint. */
const TEXT = {
  a: 'Count the columns of the porch',
  b: 'Sixteen is close to the truth',
  c: 'Look behind the fountain basin',
  d: 'The obelisk points the way',
  e: 'Read the plaque by the door',
  f: 'Under the clock of the tower',
};
const ALL_TEXTS = Object.values(TEXT);

/** A step at the Trevi fountain (where the team helper tries from) with `fields`. */
const step = (ord: number, answer: string, fields: Record<string, unknown> = {}) =>
  treviStep(ord, { hint: 'Guarda in alto', check_answer: answer, ...fields });

/** A progressive route: two costly hints on step 1 (one timed), a timed one on step 2, none on 3. */
const PROGRESSIVE = {
  id: 'suggerimenti',
  title: 'Suggerimenti',
  steps: [
    step(1, 'sedici', {
      hints: [
        { text: TEXT.a, cost: 3, unlock_after_s: 150 },
        { text: TEXT.b, cost: 5, unlock_after_s: 0 },
      ],
    }),
    step(2, 'trevi', { hints: [{ text: TEXT.c, cost: 2, unlock_after_s: 60 }] }),
    step(3, 'fine'),
  ],
};
/** Made an exploration route after its import. */
const EXPLORATION = {
  id: 'esplora-suggerimenti',
  title: 'Esplora',
  steps: [
    step(1, 'uno', { hints: [{ text: TEXT.d, cost: 1, unlock_after_s: 0 }] }),
    step(2, 'due', { hints: [{ text: TEXT.e, cost: 1, unlock_after_s: 0 }] }),
  ],
};
/** Given a hint budget of 6 points in its form after its import. */
const BUDGET = {
  id: 'budget-suggerimenti',
  title: 'Con budget',
  steps: [
    step(1, 'uno', {
      hints: [
        { text: TEXT.a, cost: 4, unlock_after_s: 0 },
        { text: TEXT.b, cost: 3, unlock_after_s: 0 },
        { text: TEXT.c, cost: 2, unlock_after_s: 0 },
        { text: TEXT.d, cost: 0, unlock_after_s: 0 },
      ],
    }),
  ],
};
/** Given a 30-minute time limit after its import. */
const TIMED = {
  id: 'a-tempo',
  title: 'A tempo',
  steps: [step(1, 'uno', { hints: [{ text: TEXT.f, cost: 1, unlock_after_s: 0 }] })],
};

describe(`hints that cost and unlock on a timer on ${TEST_DB} (issue 36, decision 0085)`, () => {
  let t: TestApp;
  const clock = new ManualClock(T0);
  let base: string;
  const readers: EventStreamReader[] = [];
  let tenant: Awaited<ReturnType<typeof managedTenant>>;
  let other: Awaited<ReturnType<typeof managedTenant>>;
  let managerEmail: string;
  let adminCookie: string;

  beforeAll(async () => {
    t = await createTestApp({ clock });
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    tenant = await managedTenant(t.app, t.database.db);
    other = await managedTenant(t.app, t.database.db);
    for (const route of [PROGRESSIVE, EXPLORATION, TIMED, BUDGET]) {
      const imported = await tenant.api('POST', '/routes/import', { json: JSON.stringify(route) });
      expect(imported.statusCode, imported.body).toBe(200);
    }
    const ofTenant = (slug: string) =>
      and(eq(routes.tenant_id, tenant.tenant.id), eq(routes.slug, slug));
    await db().update(routes).set({ route_type: 'exploration' }).where(ofTenant(EXPLORATION.id));
    await db()
      .update(routes)
      .set({ time_limit_enabled: true, time_limit_minutes: 30 })
      .where(ofTenant(TIMED.id));
    managerEmail = tenant.managerEmail;
    const admin = await makeUser(t.database.db, {
      role: 'tenant_admin',
      tenantId: tenant.tenant.id,
    });
    adminCookie = await signIn(t.app, admin.email, admin.password);
  });
  afterAll(async () => {
    for (const reader of readers) reader.close();
    await t.close();
  });

  const db = () => rawDb(t.database.db);

  /**
   * A team playing `routeSlug`, whose every response is searched whole for the texts of the hints
   * it has not taken (`taken`): none may ever be there.
   */
  async function playing(email: string, routeSlug = PROGRESSIVE.id) {
    clock.set(T0);
    const team = await startTeam(t.app, { slug: tenant.slug, email, routeSlug });
    const taken = new Set<string>();
    const checked = (res: LightMyRequestResponse, what: string) => {
      for (const text of ALL_TEXTS.filter((x) => !taken.has(x))) {
        expect(res.body, `${what} carries '${text}'`).not.toContain(text);
      }
      return res;
    };
    const req = async (method: 'GET' | 'POST', url: string, payload?: unknown) =>
      checked(await team.req(method, url, payload), `${method} ${url}`);
    const state = async () => (await req('GET', `/games/${team.gameId}`)).json<GameState>();
    const take = (stepId: string, index: number) =>
      req('POST', `/games/${team.gameId}/steps/${stepId}/hints`, { index });
    const submit = async (stepId: string, answer: string) =>
      checked(await team.submit(stepId, { answer }), 'submit');
    /** Every player read, each searched. */
    const probe = async () => {
      for (const url of [
        `/games/${team.gameId}`,
        `/games/${team.gameId}/live`,
        `/games/${team.gameId}/ledger`,
        `/games/${team.gameId}/album`,
        `/games/${team.gameId}/results`,
        '/me',
        '/routes',
        `/routes/${routeSlug}`,
        '/messages',
      ]) {
        await req('GET', url);
      }
      for (const url of [
        `/api/public/tenants/${tenant.slug}/games/${team.gameId}/result`,
        `/api/public/tenants/${tenant.slug}/scoreboard`,
      ]) {
        checked(await call(t.app, team.cookie(), { method: 'GET', url }), url);
      }
    };
    return { ...team, req, state, take, submit, probe, taken, checked };
  }

  const hintEvents = (gameId: string) =>
    db()
      .select()
      .from(gameEvents)
      .where(and(eq(gameEvents.game_id, gameId), eq(gameEvents.kind, 'hint')))
      .orderBy(asc(gameEvents.id));
  const hintRows = (gameId: string) =>
    db().select().from(gameHints).where(eq(gameHints.game_id, gameId));

  const help = (
    gameId: string,
    body: Record<string, unknown>,
    opts: { api?: typeof tenant.api; actionId?: string } = {},
  ) =>
    (opts.api ?? tenant.api)('POST', `/live/games/${gameId}/help`, {
      action_id: opts.actionId ?? randomUUID(),
      action: 'give_hint',
      step_id: null,
      minutes: null,
      hint_index: 0,
      reason: 'Bloccati da mezz’ora',
      ...body,
    });

  it('shows each hint with its cost and unlock time, unlocks it on the server clock, and charges it through the ledger once', async () => {
    const team = await playing('orari@example.org');
    const { steps } = await team.state();
    expect(steps.map((s) => s.hints)).toEqual([
      [
        { index: 0, cost: 3, unlock_at: iso(T0 + 150_000), taken: false, text: null },
        { index: 1, cost: 5, unlock_at: iso(T0), taken: false, text: null },
      ],
      // Not reached: no unlock time yet.
      [{ index: 0, cost: 2, unlock_at: null, taken: false, text: null }],
      // A step without extra hints, as before.
      [],
    ]);
    expect(steps[0]).toMatchObject({ hint: 'Guarda in alto' });
    await team.probe();

    clock.advance(149_000);
    await expectRefusedUnchanged(t.database.db, () => team.take(steps[0]!.id, 0), 409, {
      code: 'hint_locked',
      params: { retry_after_s: 1 },
    });
    clock.advance(1_000);
    team.taken.add(TEXT.a);
    const taken = await team.take(steps[0]!.id, 0);
    expect(taken.statusCode, taken.body).toBe(200);
    expect(taken.json<TakeHintResult>()).toEqual({
      hint: { index: 0, cost: 3, text: TEXT.a },
      total_score: -3,
      hint_budget_left: null,
    });
    const again = await team.take(steps[0]!.id, 0);
    expect(again.json<TakeHintResult>()).toEqual(taken.json<TakeHintResult>());
    expect((await expectLedgerAgrees(t.database.db, team.gameId)).total_score).toBe(-3);
    const events = await hintEvents(team.gameId);
    expect(events).toMatchObject([
      {
        step_id: steps[0]!.id,
        points: -3,
        actor_email: null,
        details: { step_number: 1, hint_index: 0, cost: 3 },
        at: new Date(T0 + 150_000),
      },
    ]);
    expect(await hintRows(team.gameId)).toMatchObject([
      {
        step_id: steps[0]!.id,
        hint_index: 0,
        cost: 3,
        taken_at: new Date(T0 + 150_000),
        given_by_user_id: null,
        event_id: events[0]!.id,
      },
    ]);

    // The game state carries the text taken, and only it.
    const after = await team.state();
    expect(after.total_score).toBe(-3);
    expect(after.steps[0]!.hints).toEqual([
      { index: 0, cost: 3, unlock_at: iso(T0 + 150_000), taken: true, text: TEXT.a },
      { index: 1, cost: 5, unlock_at: iso(T0), taken: false, text: null },
    ]);
    // The team's own ledger says why ('Perché questi punti').
    const ledger = (await team.req('GET', `/games/${team.gameId}/ledger`)).json<TeamLedger>();
    expect(ledger.entries.find((e) => e.kind === 'hint')).toMatchObject({
      points: -3,
      step: { id: steps[0]!.id, number: 1 },
    });
    await team.probe();

    // The next step is reached when the first is solved: its hint counts from then.
    clock.advance(10_000);
    const solved = await team.submit(steps[0]!.id, 'sedici');
    expect(solved.json()).toMatchObject({ outcome: 'correct', current_step_index: 1 });
    const points = solved.json<{ points: number }>().points;
    const moved = await team.state();
    expect(moved.steps[1]!.hints[0]!.unlock_at).toBe(iso(T0 + 160_000 + 60_000));
    // A hint of a step behind, or of a step ahead, on a progressive route: refused.
    await expectRefusedUnchanged(t.database.db, () => team.take(steps[0]!.id, 1), 409, {
      code: 'step_not_current',
      params: { step_number: 2 },
    });
    await expectRefusedUnchanged(t.database.db, () => team.take(steps[2]!.id, 0), 404, {
      code: 'hint_not_found',
    });
    clock.advance(60_000);
    team.taken.add(TEXT.c);
    const second = await team.take(steps[1]!.id, 0);
    expect(second.json<TakeHintResult>()).toEqual({
      hint: { index: 0, cost: 2, text: TEXT.c },
      total_score: points - 5,
      hint_budget_left: null,
    });
    expect((await expectLedgerAgrees(t.database.db, team.gameId)).total_score).toBe(points - 5);
    await team.probe();
  });

  it('refuses what may not be taken, changing nothing', async () => {
    const team = await playing('rifiuti@example.org');
    const { steps } = await team.state();
    const first = steps[0]!.id;
    await expectRefusedUnchanged(t.database.db, () => team.take(steps[1]!.id, 0), 409, {
      code: 'step_not_current',
      params: { step_number: 1 },
    });
    await expectRefusedUnchanged(t.database.db, () => team.take(first, 0), 409, {
      code: 'hint_locked',
    });
    await expectRefusedUnchanged(t.database.db, () => team.take(first, 2), 404, {
      code: 'hint_not_found',
    });
    await expectRefusedUnchanged(t.database.db, () => team.take(first, 5), 400, {
      code: 'validation_failed',
    });
    await expectRefusedUnchanged(t.database.db, () => team.take(first, -1), 400, {
      code: 'validation_failed',
    });
    await expectRefusedUnchanged(
      t.database.db,
      () => team.req('POST', `/games/${team.gameId}/steps/${first}/hints`, { index: '1' }),
      400,
      { code: 'validation_failed' },
    );
    await expectRefusedUnchanged(t.database.db, () => team.take(randomUUID(), 0), 404, {
      code: 'step_not_found',
    });
    // Another team's game, and a step of another route.
    const rival = await playing('rivali@example.org');
    await expectRefusedUnchanged(
      t.database.db,
      () => team.req('POST', `/games/${rival.gameId}/steps/${first}/hints`, { index: 1 }),
      404,
      { code: 'game_not_found' },
    );
    const explorer = await playing('altrove@example.org', EXPLORATION.id);
    const elsewhere = (await explorer.state()).steps[0]!.id;
    await expectRefusedUnchanged(t.database.db, () => team.take(elsewhere, 0), 404, {
      code: 'step_not_found',
    });

    // A finished game takes nothing new, but a hint it took is answered again at no cost.
    team.taken.add(TEXT.b);
    expect((await team.take(first, 1)).statusCode).toBe(200);
    for (const s of steps)
      await team.req('POST', `/games/${team.gameId}/steps/${s.id}/skip`, {
        submission_id: randomUUID(),
      });
    expect((await team.state()).status).toBe('completed');
    clock.advance(200_000);
    await expectRefusedUnchanged(t.database.db, () => team.take(first, 0), 409, {
      code: 'game_over',
    });
    const before = await fingerprint(t.database.db);
    const again = await team.take(first, 1);
    expect(again.json<TakeHintResult>()).toEqual({
      hint: { index: 1, cost: 5, text: TEXT.b },
      total_score: -5,
      hint_budget_left: null,
    });
    expect(await fingerprint(t.database.db)).toBe(before);
    await team.probe();

    // A game whose time is up, though not yet marked completed.
    const late = await playing('ritardo@example.org', TIMED.id);
    const timedStep = (await late.state()).steps[0]!.id;
    clock.advance(31 * 60_000);
    await expectRefusedUnchanged(t.database.db, () => late.take(timedStep, 0), 409, {
      code: 'game_over',
    });
    await late.probe();
  });

  it('on an exploration route takes the hints of the steps reached', async () => {
    const team = await playing('esploratori@example.org', EXPLORATION.id);
    const { steps } = await team.state();
    expect(steps.map((s) => s.hints[0]!.unlock_at)).toEqual([iso(T0), null]);
    await expectRefusedUnchanged(t.database.db, () => team.take(steps[1]!.id, 0), 409, {
      code: 'hint_not_reached',
    });
    team.taken.add(TEXT.d);
    expect((await team.take(steps[0]!.id, 0)).json<TakeHintResult>().total_score).toBe(-1);
    clock.advance(5_000);
    await team.submit(steps[0]!.id, 'uno');
    await expectRefusedUnchanged(t.database.db, () => team.take(steps[0]!.id, 1), 404, {
      code: 'hint_not_found',
    });
    team.taken.add(TEXT.e);
    const second = await team.take(steps[1]!.id, 0);
    expect(second.json<TakeHintResult>()).toEqual({
      hint: { index: 0, cost: 1, text: TEXT.e },
      total_score: -2,
      hint_budget_left: null,
    });
    await expectLedgerAgrees(t.database.db, team.gameId);
    await team.probe();
  });

  it("caps what hints cost a team at the route's budget, set in the route's form", async () => {
    const listed = (await tenant.api('GET', '/routes'))
      .json<RouteListResponse>()
      .routes.find((route) => route.slug === BUDGET.id)!;
    expect(listed.hint_budget).toBeNull();
    const { title, slug, description, access_type, route_type, geolocation_enabled } = listed;
    const { time_limit_enabled, time_limit_hours, time_limit_minutes, date_start } = listed;
    const form = (hintBudget: unknown) => ({
      ...{ title, slug, description, access_type, route_type, geolocation_enabled, date_start },
      ...{ time_limit_enabled, time_limit_hours, time_limit_minutes, date_end: listed.date_end },
      hint_budget: hintBudget,
    });
    for (const wrong of [-1, 100_001, 2.5, '6']) {
      await expectRefusedUnchanged(
        t.database.db,
        () => tenant.api('PUT', `/routes/${listed.id}`, form(wrong)),
        400,
        {
          code: 'validation_failed',
        },
      );
    }
    const saved = await tenant.api('PUT', `/routes/${listed.id}`, form(6));
    expect(saved.json<RouteSummary>().hint_budget, saved.body).toBe(6);

    const team = await playing('budget@example.org', BUDGET.id);
    const { steps, hint_budget_left } = await team.state();
    expect(hint_budget_left).toBe(6);
    const stepId = steps[0]!.id;
    team.taken.add(TEXT.a);
    expect((await team.take(stepId, 0)).json<TakeHintResult>()).toEqual({
      hint: { index: 0, cost: 4, text: TEXT.a },
      total_score: -4,
      hint_budget_left: 2,
    });
    // 3 points of 2 left: refused; 2 of 2 and a free one still go.
    await expectRefusedUnchanged(t.database.db, () => team.take(stepId, 1), 409, {
      code: 'hint_budget_spent',
      params: { left: 2 },
    });
    team.taken.add(TEXT.c).add(TEXT.d);
    expect((await team.take(stepId, 2)).json<TakeHintResult>().hint_budget_left).toBe(0);
    expect((await team.take(stepId, 3)).statusCode).toBe(200);
    expect((await team.state()).hint_budget_left).toBe(0);
    expect((await expectLedgerAgrees(t.database.db, team.gameId)).total_score).toBe(-6);
    // A hint staff give free does not count against the budget.
    const given = await help(team.gameId, { step_id: stepId, hint_index: 1 });
    expect(given.statusCode, given.body).toBe(200);
    team.taken.add(TEXT.b);
    expect((await team.state()).hint_budget_left).toBe(0);
    await team.probe();
  });

  it('charges 20 taps at once a single time', async () => {
    const team = await playing('dita@example.org');
    const { steps } = await team.state();
    team.taken.add(TEXT.b);
    const answers = await Promise.all(Array.from({ length: 20 }, () => team.take(steps[0]!.id, 1)));
    expect(answers.map((res) => res.statusCode)).toEqual(Array(20).fill(200));
    for (const res of answers) {
      expect(res.json<TakeHintResult>()).toEqual({
        hint: { index: 1, cost: 5, text: TEXT.b },
        total_score: -5,
        hint_budget_left: null,
      });
    }
    expect(await hintEvents(team.gameId)).toHaveLength(1);
    expect(await hintRows(team.gameId)).toHaveLength(1);
    expect((await expectLedgerAgrees(t.database.db, team.gameId)).total_score).toBe(-5);
  });

  it("tells the team's phone on its live stream, as a staff action", async () => {
    const team = await playing('telefono@example.org');
    const { steps } = await team.state();
    const phone = await openEventStream(
      `${base}/api/play/${tenant.slug}/games/${team.gameId}/live/stream`,
      { cookie: team.cookie() },
    );
    readers.push(phone);
    await phone.waitFor((e) => e.event === 'game');
    team.taken.add(TEXT.b);
    await team.take(steps[0]!.id, 1);
    clock.advance(LIVE_PUSH_INTERVAL_MS);
    await t.app.live.games.idle();
    const pushed = await phone.waitFor(
      (e) => (JSON.parse(e.data) as GameLive).staff_event?.kind === 'hint',
    );
    expect(JSON.parse(pushed.data)).toMatchObject({
      total_score: -5,
      staff_event: { kind: 'hint', points: -5, reason: null, details: { hint_index: 1 } },
    });
    for (const event of phone.events) {
      for (const text of ALL_TEXTS) expect(event.data).not.toContain(text);
    }
  });

  it('lets staff give a hint free, once, with an audit entry; the team then has it at no cost', async () => {
    const team = await playing('aiutati@example.org');
    const { steps } = await team.state();
    const first = steps[0]!.id;
    // Locked for the team (150 s), but staff may give it at once.
    const given = await help(team.gameId, { step_id: first, hint_index: 0 });
    expect(given.statusCode, given.body).toBe(200);
    expect(given.json<LiveActionResult>()).toMatchObject({
      event: {
        kind: 'hint',
        points: 0,
        actor_email: managerEmail,
        reason: 'Bloccati da mezz’ora',
        step: { id: first, number: 1 },
        details: { action: 'give_hint', step_number: 1, hint_index: 0 },
      },
      total_score: 0,
    });
    expect(given.body).not.toContain(TEXT.a);
    const [row] = await hintRows(team.gameId);
    expect(row).toMatchObject({ hint_index: 0, cost: 0 });
    expect(row!.given_by_user_id).not.toBeNull();
    const [audit] = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'live.help'), eq(auditLog.target_id, team.gameId)));
    expect(audit).toMatchObject({
      actor_email: managerEmail,
      details: { action: 'give_hint', step_number: '1', hint_index: '0' },
    });

    team.taken.add(TEXT.a);
    const state = await team.state();
    expect(state.steps[0]!.hints[0]).toEqual({
      index: 0,
      cost: 0,
      unlock_at: iso(T0 + 150_000),
      taken: true,
      text: TEXT.a,
    });
    const live = (await team.req('GET', `/games/${team.gameId}/live`)).json<GameLive>();
    expect(live.staff_event).toMatchObject({ kind: 'hint', points: 0 });
    const own = await team.take(first, 0);
    expect(own.json<TakeHintResult>()).toEqual({
      hint: { index: 0, cost: 0, text: TEXT.a },
      total_score: 0,
      hint_budget_left: null,
    });
    expect(await hintEvents(team.gameId)).toHaveLength(1);

    await expectRefusedUnchanged(
      t.database.db,
      () => help(team.gameId, { step_id: first, hint_index: 0 }),
      409,
      {
        code: 'hint_already_taken',
      },
    );
    await expectRefusedUnchanged(
      t.database.db,
      () => help(team.gameId, { step_id: first, hint_index: 3 }),
      404,
      {
        code: 'hint_not_found',
      },
    );
    await expectRefusedUnchanged(
      t.database.db,
      () => help(team.gameId, { step_id: first, hint_index: null }),
      400,
      {
        code: 'bad_request',
      },
    );
    await expectRefusedUnchanged(
      t.database.db,
      () => help(team.gameId, { step_id: randomUUID() }),
      404,
      {
        code: 'step_not_found',
      },
    );
    // The same action sent again answers its first result.
    const actionId = randomUUID();
    const once = await help(team.gameId, { step_id: first, hint_index: 1 }, { actionId });
    const twice = await help(team.gameId, { step_id: first, hint_index: 1 }, { actionId });
    expect(twice.json()).toEqual(once.json());
    expect(await hintEvents(team.gameId)).toHaveLength(2);
    team.taken.add(TEXT.b);
    await expectLedgerAgrees(t.database.db, team.gameId);
    await team.probe();
  });

  it("keeps tenants apart: another tenant's staff get 404", async () => {
    const team = await playing('separati@example.org');
    const { steps } = await team.state();
    const body = { step_id: steps[0]!.id, hint_index: 1 };
    await expectRefusedUnchanged(
      t.database.db,
      () => help(team.gameId, body, { api: other.api }),
      404,
      {
        code: 'game_not_found',
      },
    );
    await expectRefusedUnchanged(
      t.database.db,
      () =>
        call(t.app, null, {
          method: 'POST',
          url: `/api/tenants/${tenant.slug}/live/games/${team.gameId}/help`,
          payload: {
            action_id: randomUUID(),
            action: 'give_hint',
            minutes: null,
            reason: 'x',
            ...body,
          },
        }),
      401,
      {},
    );
    const otherAdmin = await makeUser(t.database.db, {
      role: 'tenant_admin',
      tenantId: other.tenant.id,
    });
    const cookie = await signIn(t.app, otherAdmin.email, otherAdmin.password);
    await expectRefusedUnchanged(
      t.database.db,
      () =>
        call(t.app, cookie, {
          method: 'POST',
          url: `/api/tenants/${tenant.slug}/live/games/${team.gameId}/help`,
          payload: {
            action_id: randomUUID(),
            action: 'give_hint',
            minutes: null,
            reason: 'x',
            ...body,
          },
        }),
      404,
      {},
    );
    expect(await hintRows(team.gameId)).toEqual([]);
  });

  it("lists the hints in the team's detail and erases them with the team", async () => {
    const team = await playing('cancellati@example.org');
    const { steps } = await team.state();
    team.taken.add(TEXT.b);
    await team.take(steps[0]!.id, 1);
    await help(team.gameId, { step_id: steps[0]!.id, hint_index: 0 });
    const [registration] = await db()
      .select({ id: teamRegistrations.id })
      .from(teamRegistrations)
      .where(
        and(
          eq(teamRegistrations.tenant_id, tenant.tenant.id),
          eq(teamRegistrations.email, 'cancellati@example.org'),
        ),
      );
    const detail = await tenant.api('GET', `/players/${registration!.id}`);
    const game = detail.json<TenantTeamDetail>().games.find((g) => g.id === team.gameId);
    expect(game!.hints).toEqual([
      {
        step_id: steps[0]!.id,
        place: 'Tappa 1',
        hint_index: 1,
        cost: 5,
        taken_at: iso(T0),
        given_by_staff: false,
      },
      {
        step_id: steps[0]!.id,
        place: 'Tappa 1',
        hint_index: 0,
        cost: 0,
        taken_at: iso(T0),
        given_by_staff: true,
      },
    ]);
    expect(detail.body).not.toContain(TEXT.a);
    const erased = await call(t.app, adminCookie, {
      method: 'DELETE',
      url: `/api/tenants/${tenant.slug}/players/${registration!.id}`,
    });
    expect(erased.statusCode, erased.body).toBe(200);
    expect(erased.json<TeamErasure>()).toMatchObject({ games: 1, hints: 2 });
    expect(await hintRows(team.gameId)).toEqual([]);
  });
});
