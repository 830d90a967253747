import type {
  GameLive,
  GameState,
  RouteLiveState,
  RouteListResponse,
  RouteSummary,
  SubmitResult,
} from '@tappa/contracts';
import { and, asc, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, gameEvents, games, gameSteps, routeEventPauses } from '../src/db/schema';
import { createTestApp, type TestApp } from './helpers/app';
import { rawDb, TEST_DB } from './helpers/database';
import { managedTenant } from './helpers/factories';
import { expectRefusedUnchanged, fingerprint } from './helpers/fingerprint';
import { ManualClock } from './helpers/manual-clock';
import { startTeam, treviStep } from './helpers/team';

// One clock for the event (issue 36, decision 0085): a route's start and end, 'Pausa per
// tutti', 'Riprendi per tutti' and 'Termina ora', all on the injected clock.

const T0 = Date.parse('2026-11-22T09:50:00Z');
const START = Date.parse('2026-11-22T10:00:00Z');
const END = Date.parse('2026-11-22T12:00:00Z');
const iso = (ms: number) => new Date(ms).toISOString();
const MINUTE = 60_000;

const step = (ord: number, answer: string) => treviStep(ord, { check_answer: answer });
const route = (id: string) => ({
  id,
  title: `Evento ${id}`,
  steps: [step(1, 'uno'), step(2, 'due'), step(3, 'tre')],
});

describe(`one clock for the event on ${TEST_DB} (issue 36, decision 0085)`, () => {
  let t: TestApp;
  const clock = new ManualClock(T0);
  let tenant: Awaited<ReturnType<typeof managedTenant>>;
  let other: Awaited<ReturnType<typeof managedTenant>>;

  beforeAll(async () => {
    t = await createTestApp({ clock });
    tenant = await managedTenant(t.app, t.database.db);
    other = await managedTenant(t.app, t.database.db);
    for (const id of ['evento', 'termina', 'senza']) {
      const imported = await tenant.api('POST', '/routes/import', {
        json: JSON.stringify(route(id)),
      });
      expect(imported.statusCode, imported.body).toBe(200);
    }
  });
  afterAll(async () => {
    await t.close();
  });

  const db = () => rawDb(t.database.db);

  async function listed(slug: string): Promise<RouteSummary> {
    const routes = (await tenant.api('GET', '/routes')).json<RouteListResponse>().routes;
    return routes.find((r) => r.slug === slug)!;
  }

  /** Saves route `slug`'s form with its event times (and a time limit when given). */
  async function setEvent(
    slug: string,
    start: number | null,
    end: number | null,
    minutes = 0,
  ): Promise<LightMyRequestResponse> {
    const r = await listed(slug);
    return tenant.api('PUT', `/routes/${r.id}`, {
      title: r.title,
      slug: r.slug,
      description: r.description,
      access_type: r.access_type,
      route_type: r.route_type,
      geolocation_enabled: r.geolocation_enabled,
      time_limit_enabled: minutes > 0,
      time_limit_hours: 0,
      time_limit_minutes: minutes,
      date_start: null,
      date_end: null,
      event_start: start === null ? null : iso(start),
      event_end: end === null ? null : iso(end),
    });
  }

  async function play(email: string, slug = 'evento') {
    const team = await startTeam(t.app, { slug: tenant.slug, email, routeSlug: slug });
    const state = async () => (await team.req('GET', `/games/${team.gameId}`)).json<GameState>();
    const answer = async (index: number, text: string) => {
      const { steps } = await state();
      return team.submit(steps[index]!.id, { answer: text });
    };
    const live = async () => (await team.req('GET', `/games/${team.gameId}/live`)).json<GameLive>();
    return { ...team, state, answer, live };
  }

  const stepClocks = async (gameId: string) =>
    (
      await db()
        .select({ started_ms: gameSteps.started_ms })
        .from(gameSteps)
        .where(eq(gameSteps.game_id, gameId))
    )
      .map((row) => row.started_ms)
      .filter((ms) => ms !== null);

  const routeState = async (slug: string, method: 'PUT' | 'DELETE', action: string) => {
    const res = await tenant.api(method, `/live/routes/${(await listed(slug)).id}/${action}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<RouteLiveState>();
  };

  it('refuses an end that is not after the start, changing nothing', async () => {
    await expectRefusedUnchanged(t.database.db, () => setEvent('evento', START, START), 400, {
      code: 'event_times_invalid',
    });
    await expectRefusedUnchanged(t.database.db, () => setEvent('evento', END, START), 400, {
      code: 'event_times_invalid',
    });
    const saved = await setEvent('evento', START, END, 30);
    expect(saved.json<RouteSummary>()).toMatchObject({
      event_start: iso(START),
      event_end: iso(END),
    });
  });

  it('lets two teams choose the route before the start, and starts both at the same instant', async () => {
    clock.set(T0);
    const a = await play('alfa@example.org');
    clock.advance(3 * MINUTE);
    const b = await play('beta@example.org');
    const waiting = await a.state();
    expect(waiting.clock_at).toBe(iso(START));
    expect(waiting.event).toEqual({ starts_at: iso(START), ends_at: iso(END), paused_at: null });
    // Before the start nothing is played: 'Si parte tra …' on the phone, refused on the server.
    const aFirst = waiting.steps[0]!.id;
    await expectRefusedUnchanged(t.database.db, () => a.submit(aFirst, { answer: 'uno' }), 409, {
      code: 'event_not_started',
      params: { retry_after_s: 420 },
    });
    // Both first steps' clocks are set to the start, whenever the phones opened the game.
    expect(await stepClocks(a.gameId)).toEqual([START]);
    await b.state();
    expect(await stepClocks(b.gameId)).toEqual([START]);

    clock.set(START + 30_000);
    const tried = await a.answer(0, 'uno');
    expect(tried.json<SubmitResult>().outcome).toBe('correct');
    const [first] = await db()
      .select({ started: gameSteps.started_ms, ended: gameSteps.ended_ms })
      .from(gameSteps)
      .where(and(eq(gameSteps.game_id, a.gameId), eq(gameSteps.status, 'ok')));
    expect(first).toEqual({ started: START, ended: START + 30_000 });
    // The route without an event plays as before: no event, the clock from the creation.
    const plain = await play('libero@example.org', 'senza');
    const state = await plain.state();
    expect(state.event).toBeNull();
    expect(state.clock_at).toBe(state.created_at);
  });

  it('pauses every game, stops their clocks and time limits, and resumes them', async () => {
    clock.set(START + 25 * MINUTE);
    const a = await play('gamma@example.org');
    // Created after the start: its clock counts from its creation.
    expect((await a.state()).clock_at).toBe(iso(START + 25 * MINUTE));
    const b = await play('delta@example.org');
    const bBefore = (await b.state()).clock_at;

    clock.set(START + 40 * MINUTE);
    const paused = await routeState('evento', 'PUT', 'pause');
    expect(paused.event.paused_at).toBe(iso(START + 40 * MINUTE));
    // Again: the same state, no second pause.
    clock.advance(MINUTE);
    expect((await routeState('evento', 'PUT', 'pause')).event.paused_at).toBe(
      iso(START + 40 * MINUTE),
    );
    expect((await a.live()).event_paused_at).toBe(iso(START + 40 * MINUTE));
    expect((await a.state()).event?.paused_at).toBe(iso(START + 40 * MINUTE));
    const aFirst = (await a.state()).steps[0]!.id;
    await expectRefusedUnchanged(t.database.db, () => a.submit(aFirst, { answer: 'uno' }), 409, {
      code: 'event_paused',
    });
    await expectRefusedUnchanged(t.database.db, () => a.skip(aFirst), 409, {
      code: 'event_paused',
    });

    // Ten minutes later: every clock moves on by the ten minutes it stood still.
    clock.set(START + 50 * MINUTE);
    const resumed = await routeState('evento', 'DELETE', 'pause');
    expect(resumed.event.paused_at).toBeNull();
    expect((await a.state()).clock_at).toBe(iso(START + 35 * MINUTE));
    expect((await b.state()).clock_at).toBe(iso(Date.parse(bBefore) + 10 * MINUTE));
    expect(await stepClocks(a.gameId)).toEqual([START + 35 * MINUTE]);
    const pauses = await db()
      .select()
      .from(routeEventPauses)
      .where(eq(routeEventPauses.route_id, (await listed('evento')).id));
    expect(pauses).toHaveLength(1);
    expect(pauses[0]).toMatchObject({
      started_at: new Date(START + 40 * MINUTE),
      ended_at: new Date(START + 50 * MINUTE),
    });
    // A resume again changes nothing.
    expect((await routeState('evento', 'DELETE', 'pause')).event.paused_at).toBeNull();
    const audits = await db()
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(eq(auditLog.target_id, (await listed('evento')).id))
      .orderBy(asc(auditLog.id));
    expect(audits.map((row) => row.action)).toEqual(['live.pause', 'live.resume']);

    // The 30-minute limit counts 28 minutes at START + 63 (the pause left out): still playing.
    clock.set(START + 63 * MINUTE);
    expect((await a.answer(0, 'uno')).json<SubmitResult>().outcome).toBe('correct');
    clock.set(START + 66 * MINUTE);
    expect((await a.answer(1, 'due')).json<SubmitResult>().outcome).toBe('time_up');
  });

  it("ends every open game at the event's end as a time-out does, once", async () => {
    clock.set(START + 70 * MINUTE);
    await setEvent('evento', START, END, 0);
    const late = await play('epsilon@example.org');
    await late.state();
    clock.set(END + 1_000);
    await t.app.eventEnds.runNow();
    const open = await db()
      .select({ id: games.id, status: games.status })
      .from(games)
      .where(eq(games.route_id, (await listed('evento')).id));
    expect(open.every((game) => game.status === 'completed')).toBe(true);
    const finishes = await db()
      .select({ details: gameEvents.details, at: gameEvents.at })
      .from(gameEvents)
      .where(and(eq(gameEvents.game_id, late.gameId), eq(gameEvents.kind, 'finish')));
    expect(finishes).toEqual([{ details: { cause: 'time_up' }, at: new Date(END) }]);
    const lateFirst = (await late.state()).steps[0]!.id;
    await expectRefusedUnchanged(
      t.database.db,
      () => late.submit(lateFirst, { answer: 'uno' }),
      409,
      {
        code: 'game_over',
      },
    );
    // A second pass finds nothing to do.
    const before = await fingerprint(t.database.db);
    await t.app.eventEnds.runNow();
    expect(await fingerprint(t.database.db)).toBe(before);
  });

  it("'Termina ora' ends the route's open games now, and only its tenant's staff may", async () => {
    clock.set(END + 10 * MINUTE);
    const a = await play('zeta@example.org', 'termina');
    const b = await play('eta@example.org', 'termina');
    const routeId = (await listed('termina')).id;
    await expectRefusedUnchanged(
      t.database.db,
      () => other.api('PUT', `/live/routes/${routeId}/end`),
      404,
      {
        code: 'route_not_found',
      },
    );
    await expectRefusedUnchanged(
      t.database.db,
      () => other.api('PUT', `/live/routes/${routeId}/pause`),
      404,
      {
        code: 'route_not_found',
      },
    );
    const ended = await routeState('termina', 'PUT', 'end');
    expect(ended.event).toEqual({
      starts_at: null,
      ends_at: iso(END + 10 * MINUTE),
      paused_at: null,
    });
    for (const team of [a, b]) expect((await team.state()).status).toBe('completed');
    const aFirst = (await a.state()).steps[0]!.id;
    await expectRefusedUnchanged(t.database.db, () => a.submit(aFirst, { answer: 'uno' }), 409, {
      code: 'game_over',
    });
    expect((await routeState('termina', 'PUT', 'end')).event.ends_at).toBe(iso(END + 10 * MINUTE));
  });
});
