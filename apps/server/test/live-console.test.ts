import { randomUUID } from 'node:crypto';
import {
  applyConsoleChange,
  type GameLive,
  type LiveActivityPage,
  type LiveConsole,
  type LiveConsoleChange,
  type RankingRow,
  type Rankings,
  type RouteLiveState,
} from '@tappa/contracts';
import type { GameEventKind } from '@tappa/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, gameEvents, games, liveHeartbeat, routeLive, routes } from '../src/db/schema';
import { LIVE_WHOLE_READ_MS, LiveConsoleReader } from '../src/modules/live/live-console-reader';
import { LIVE_PUSH_INTERVAL_MS } from '../src/modules/live/live-hub';
import { importRoute } from '../src/modules/routes/routes.service';
import { createTestApp, type TestApp } from './helpers/app';
import { rawDb, TEST_DB } from './helpers/database';
import { type EventStreamReader, openEventStream } from './helpers/event-stream';
import { call, makeTenant, makeUser, signIn, sampleRouteText } from './helpers/factories';
import { ManualClock } from './helpers/manual-clock';
import { startTeam } from './helpers/team';

const T0 = Date.parse('2026-11-22T10:00:00Z');

describe(`the live console on ${TEST_DB}`, () => {
  let t: TestApp;
  const clock = new ManualClock(T0);
  let base: string;
  const readers: EventStreamReader[] = [];

  beforeAll(async () => {
    t = await createTestApp({ clock, scoreboardPingMs: 200 });
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    for (const reader of readers) reader.close();
    await t.close();
  });

  const db = () => t.database.db;

  /** A tenant with the fixture route, a game manager signed in, and a call as them. */
  async function makeWorld() {
    const tenant = await makeTenant(db());
    const scope = { kind: 'tenant' as const, tenantId: tenant.id, slug: tenant.slug };
    const { route } = await importRoute(
      db(),
      { ...scope, role: 'superadmin' },
      await sampleRouteText(),
    );
    const manager = await makeUser(db(), { role: 'game_manager', tenantId: tenant.id });
    const cookie = await signIn(t.app, manager.email, manager.password);
    const staff = (method: 'GET' | 'PUT' | 'DELETE', path: string, payload?: object) =>
      call(t.app, cookie, {
        method,
        url: `/api/tenants/${tenant.slug}/live${path}`,
        ...(payload ? { payload } : {}),
      });
    return { tenant, route, manager, cookie, staff };
  }

  /** Writes an event of a game as the try path and the staff actions will (test helper). */
  async function addEvent(
    tenantId: string,
    routeId: string,
    gameId: string,
    values: { kind: GameEventKind; points?: number; reason?: string; stepId?: string },
  ) {
    const [row] = await rawDb(db())
      .insert(gameEvents)
      .values({
        tenant_id: tenantId,
        route_id: routeId,
        game_id: gameId,
        step_id: values.stepId ?? null,
        kind: values.kind,
        points: values.points ?? 0,
        reason: values.reason ?? null,
        at: clock.now(),
      })
      .returning();
    return row!;
  }

  const stream = async (path: string, cookie: string) => {
    const reader = await openEventStream(`${base}${path}`, { cookie });
    readers.push(reader);
    return reader;
  };
  /** Ends the coalescing window of the signals sent so far and waits for the pushes. */
  const settle = async () => {
    clock.advance(LIVE_PUSH_INTERVAL_MS);
    await t.app.live.console.idle();
    await t.app.live.games.idle();
  };
  const parse = <T>(data: string) => JSON.parse(data) as T;
  /**
   * The consoles a stream's events made, in order: a whole `console`, then each change applied
   * to the console before it, whose event id must be the change's base.
   */
  const consolesOf = (reader: EventStreamReader): LiveConsole[] => {
    const made: LiveConsole[] = [];
    let held: { id: string | undefined; value: LiveConsole } | null = null;
    for (const e of reader.events) {
      if (e.event === 'console') held = { id: e.id, value: parse<LiveConsole>(e.data) };
      else if (e.event === 'console-change') {
        const change = parse<LiveConsoleChange>(e.data);
        if (held?.id !== change.base) throw new Error(`a change of ${change.base}`);
        held = { id: e.id, value: applyConsoleChange(held.value, change) };
      } else continue;
      made.push(held.value);
    }
    return made;
  };
  /** The first console of the stream that `match` accepts, whenever it arrives. */
  const waitForConsole = async (reader: EventStreamReader, match: (c: LiveConsole) => boolean) => {
    await reader.waitFor(() => consolesOf(reader).some(match));
    return consolesOf(reader).find(match)!;
  };

  it('shows every team of the routes with its step, score, tries and badges', async () => {
    clock.set(T0);
    const w = await makeWorld();
    const team = await startTeam(t.app, { slug: w.tenant.slug, email: 'uno@example.org' });
    const { steps } = await team.state();
    expect((await team.submit(steps[0]!.id, { answer: 'wrong' })).json()).toMatchObject({
      outcome: 'wrong',
    });
    await addEvent(w.tenant.id, w.route.id, team.gameId, {
      kind: 'wrong_try',
      stepId: steps[0]!.id,
    });
    clock.advance(3 * 60_000);

    const res = await w.staff('GET', '');
    expect(res.statusCode).toBe(200);
    const live = res.json<LiveConsole>();
    expect(live.teams).toHaveLength(1);
    expect(live.teams[0]).toMatchObject({
      game_id: team.gameId,
      team_name: 'uno@example.org',
      route: { id: w.route.id },
      current_step_index: 0,
      step_count: steps.length,
      current_place: 'Fontana di Trevi',
      score: 0,
      tries_on_step: 1,
      started_at: new Date(T0).toISOString(),
      finished_at: null,
      statuses: ['playing', 'stale'],
      time_extension_minutes: 0,
    });
    expect(live.activity[0]).toMatchObject({
      kind: 'wrong_try',
      team_name: 'uno@example.org',
      step: { id: steps[0]!.id, number: 1, place: 'Fontana di Trevi' },
    });
    expect(live.routes).toEqual([
      {
        route_id: w.route.id,
        stuck_after_minutes: 15,
        frozen_at: null,
        frozen_by_email: null,
        event: { starts_at: null, ends_at: null, paused_at: null },
      },
    ]);

    // Of one route; a route of another tenant is 404 and so is the other tenant's manager.
    expect((await w.staff('GET', `?route=${w.route.id}`)).json<LiveConsole>().teams).toHaveLength(
      1,
    );
    const other = await makeWorld();
    const foreign = await w.staff('GET', `?route=${other.route.id}`);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toMatchObject({ error: { code: 'route_not_found' } });
    const stranger = await call(t.app, other.cookie, {
      method: 'GET',
      url: `/api/tenants/${w.tenant.slug}/live`,
    });
    expect(stranger.statusCode).toBe(404);
    expect((await other.staff('GET', '')).json<LiveConsole>().teams).toEqual([]);
  });

  /** Two teams (a@, b@) playing the fixture route, and the console's teams once pushed. */
  async function twoTeams() {
    const w = await makeWorld();
    const a = await startTeam(t.app, { slug: w.tenant.slug, email: 'a@example.org' });
    const b = await startTeam(t.app, { slug: w.tenant.slug, email: 'b@example.org' });
    const { steps } = await a.state();
    const consoleTeams = async () => {
      await settle();
      return (await w.staff('GET', '')).json<LiveConsole>().teams;
    };
    return { w, a, b, steps, consoleTeams };
  }

  it('reads again the games that moved, and every game at the next whole read', async () => {
    clock.set(T0);
    const { w, a, b, steps, consoleTeams } = await twoTeams();
    const teams = async () => new Map((await consoleTeams()).map((team) => [team.team_name, team]));
    expect([...(await teams()).keys()]).toEqual(['a@example.org', 'b@example.org']);

    // A's right answer is its event: A is read again, its step ended now.
    clock.advance(10_000);
    const answeredAt = clock.now().toISOString();
    expect((await a.submit(steps[0]!.id, { answer: '1762' })).json()).toMatchObject({
      outcome: 'correct',
    });
    // B's row changed without an event of B (as a team opening its game screen changes it).
    await rawDb(db()).update(games).set({ total_score: 42 }).where(eq(games.id, b.gameId));
    let rows = await teams();
    expect(rows.get('a@example.org')).toMatchObject({
      current_step_index: 1,
      last_progress_at: answeredAt,
    });
    expect(rows.get('a@example.org')!.score).toBeGreaterThan(0);
    expect(rows.get('b@example.org')).toMatchObject({
      score: 0,
      last_progress_at: new Date(T0).toISOString(),
    });

    // The route's stuck minutes concern all its games: the next read is whole.
    expect(
      (await w.staff('PUT', `/routes/${w.route.id}/settings`, { stuck_after_minutes: 5 }))
        .statusCode,
    ).toBe(200);
    rows = await teams();
    expect(rows.get('b@example.org')).toMatchObject({ score: 42 });

    // And so is the first read after LIVE_WHOLE_READ_MS, events or not.
    await rawDb(db()).update(games).set({ total_score: 43 }).where(eq(games.id, b.gameId));
    expect((await teams()).get('b@example.org')).toMatchObject({ score: 42 });
    clock.advance(LIVE_WHOLE_READ_MS);
    expect((await teams()).get('b@example.org')).toMatchObject({ score: 43 });
  });

  it('takes what tries wrote as a whole read would read it', async () => {
    clock.set(T0);
    const { w, a, b, steps, consoleTeams: teams } = await twoTeams();
    const scope = {
      kind: 'tenant' as const,
      tenantId: w.tenant.id,
      slug: w.tenant.slug,
      role: 'game_manager' as const,
    };
    /** The console as a reader that reads everything reads it now. */
    const readWhole = async () => {
      const read = await new LiveConsoleReader(db(), clock).read(
        { scope, routeId: null },
        clock.now(),
      );
      return (JSON.parse(JSON.stringify(read)) as LiveConsole).teams;
    };
    expect(await teams()).toEqual(await readWhole());

    // A row changed without an event (a team renamed): a try's row is taken, not read again.
    await rawDb(db()).update(games).set({ team_name: 'altro' }).where(eq(games.id, a.gameId));
    clock.advance(5_000);
    expect((await a.submit(steps[0]!.id, { answer: 'wrong' })).json()).toMatchObject({
      outcome: 'wrong',
    });
    clock.advance(5_000);
    await b.submit(steps[0]!.id, { answer: 'wrong' });
    expect((await teams()).find((team) => team.game_id === a.gameId)).toMatchObject({
      team_name: 'a@example.org',
      tries_on_step: 1,
    });
    await rawDb(db())
      .update(games)
      .set({ team_name: 'a@example.org' })
      .where(eq(games.id, a.gameId));

    // A right answer, skips to the end of the route, a wrong try of the other team.
    clock.advance(5_000);
    expect((await a.submit(steps[0]!.id, { answer: '1762' })).json()).toMatchObject({
      outcome: 'correct',
    });
    expect(await teams()).toEqual(await readWhole());
    let finishedAt = '';
    for (const step of steps.slice(1)) {
      clock.advance(5_000);
      finishedAt = clock.now().toISOString();
      expect((await a.skip(step.id)).statusCode).toBe(200);
      await b.submit(steps[0]!.id, { answer: 'wrong again' });
      expect(await teams()).toEqual(await readWhole());
    }
    expect((await teams()).find((team) => team.game_id === a.gameId)).toMatchObject({
      statuses: ['finished'],
      current_place: null,
      finished_at: finishedAt,
    });
  });

  it('pages older activity by route, game and kind', async () => {
    clock.set(T0);
    const w = await makeWorld();
    const team = await startTeam(t.app, { slug: w.tenant.slug, email: 'due@example.org' });
    for (let i = 0; i < 60; i += 1) {
      await addEvent(w.tenant.id, w.route.id, team.gameId, { kind: i % 2 ? 'photo' : 'wrong_try' });
    }
    const first = (await w.staff('GET', '/activity')).json<LiveActivityPage>();
    expect(first.events).toHaveLength(50);
    expect(first.next_before).toBe(first.events[49]!.id);
    const ids = first.events.map((e) => e.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    const second = (
      await w.staff('GET', `/activity?before=${first.next_before}&game=${team.gameId}`)
    ).json<LiveActivityPage>();
    // The 10 oldest added, and the game's own `start` before them.
    expect(second.events.map((e) => e.kind)).toEqual([
      ...Array.from({ length: 10 }, (_, i) => (i % 2 ? 'wrong_try' : 'photo')),
      'start',
    ]);
    expect(second.next_before).toBeNull();
    expect(Math.max(...second.events.map((e) => e.id))).toBeLessThan(first.next_before!);
    const photos = (await w.staff('GET', '/activity?kind=photo')).json<LiveActivityPage>();
    expect(photos.events).toHaveLength(30);
    expect(photos.events.every((e) => e.kind === 'photo')).toBe(true);
    expect((await w.staff('GET', '/activity?kind=nope')).statusCode).toBe(400);
  });

  it('pushes a team event to an open console, and a staff action to the team phone only', async () => {
    clock.set(T0);
    const w = await makeWorld();
    const team = await startTeam(t.app, { slug: w.tenant.slug, email: 'tre@example.org' });
    const rival = await startTeam(t.app, { slug: w.tenant.slug, email: 'quattro@example.org' });
    const { steps } = await team.state();
    const consoleStream = await stream(`/api/tenants/${w.tenant.slug}/live/stream`, w.cookie);
    const first = await consoleStream.waitFor((e) => e.event === 'console');
    expect(parse<LiveConsole>(first.data).teams).toHaveLength(2);
    // A team that starts shows up: the stream says what changed, not the whole console.
    await startTeam(t.app, { slug: w.tenant.slug, email: 'nove@example.org' });
    await settle();
    await waitForConsole(consoleStream, (c) => c.teams.length === 3);
    const joined = parse<LiveConsoleChange>(consoleStream.events.at(-1)!.data);
    expect(consoleStream.events.at(-1)!.event).toBe('console-change');
    expect(joined.base).toBe(first.id);
    expect(joined.teams.map((x) => x.team_name)).toEqual(['nove@example.org']);
    expect(joined.removed).toEqual([]);

    await team.submit(steps[0]!.id, { answer: 'wrong' });
    await settle();
    await waitForConsole(
      consoleStream,
      (c) => c.teams.find((x) => x.game_id === team.gameId)?.tries_on_step === 1,
    );
    expect(parse<LiveConsoleChange>(consoleStream.events.at(-1)!.data).teams).toHaveLength(1);
    // A browser that comes back with the id of the last event gets no whole console again, and
    // the next change applies to what it holds.
    const lastId = consoleStream.events.at(-1)!.id!;
    const resumed = await openEventStream(`${base}/api/tenants/${w.tenant.slug}/live/stream`, {
      cookie: w.cookie,
      'last-event-id': lastId,
    });
    readers.push(resumed);
    await team.submit(steps[0]!.id, { answer: 'wrong again' });
    await settle();
    const next = await resumed.waitFor((e) => e.event === 'console-change');
    expect(resumed.events[0]).toBe(next);
    expect(parse<LiveConsoleChange>(next.data).base).toBe(lastId);
    resumed.close();

    const phonePath = `/api/play/${w.tenant.slug}/games/${team.gameId}/live/stream`;
    const phone = await stream(phonePath, team.cookie());
    const initial = await phone.waitFor((e) => e.event === 'game');
    expect(parse<GameLive>(initial.data)).toEqual({
      status: 'active',
      current_step_index: 0,
      total_score: 0,
      time_extension_minutes: 0,
      event_paused_at: null,
      staff_event: null,
    });
    // Another team's phone is refused its game, as games.state does.
    await expect(stream(phonePath, rival.cookie())).rejects.toThrow(/404.*game_not_found/);
    const read = await call(t.app, rival.cookie(), {
      method: 'GET',
      url: `/api/play/${w.tenant.slug}/games/${team.gameId}/live`,
    });
    expect(read.statusCode).toBe(404);

    const event = await addEvent(w.tenant.id, w.route.id, team.gameId, {
      kind: 'adjustment',
      points: 5,
      reason: 'Bravi',
    });
    t.app.signals.publish('game', w.tenant.id, team.gameId);
    await settle();
    const pushed = await phone.waitFor((e) => parse<GameLive>(e.data).staff_event !== null);
    expect(parse<GameLive>(pushed.data).staff_event).toMatchObject({
      id: event.id,
      kind: 'adjustment',
      points: 5,
      reason: 'Bravi',
    });
    const own = await call(t.app, team.cookie(), {
      method: 'GET',
      url: `/api/play/${w.tenant.slug}/games/${team.gameId}/live`,
    });
    expect(own.json<GameLive>().staff_event?.id).toBe(event.id);
  });

  it('sets the stuck minutes; a bad value changes nothing', async () => {
    clock.set(T0);
    const w = await makeWorld();
    const path = `/routes/${w.route.id}/settings`;
    expect((await w.staff('PUT', path, { stuck_after_minutes: 0 })).statusCode).toBe(400);
    const other = await makeWorld();
    const foreign = await w.staff('PUT', `/routes/${other.route.id}/settings`, {
      stuck_after_minutes: 5,
    });
    expect(foreign.statusCode).toBe(404);
    expect(
      await rawDb(db()).select().from(routeLive).where(eq(routeLive.tenant_id, w.tenant.id)),
    ).toEqual([]);

    const res = await w.staff('PUT', path, { stuck_after_minutes: 5 });
    expect(res.statusCode).toBe(200);
    expect(res.json<RouteLiveState>()).toMatchObject({
      route_id: w.route.id,
      stuck_after_minutes: 5,
    });
    const team = await startTeam(t.app, { slug: w.tenant.slug, email: 'cinque@example.org' });
    clock.advance(5 * 60_000);
    await team.state();
    const live = (await w.staff('GET', '')).json<LiveConsole>();
    expect(live.routes[0]!.stuck_after_minutes).toBe(5);
    expect(live.teams[0]!.statuses).toEqual(['playing', 'stuck']);
    const audit = await rawDb(db())
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'live.settings'), eq(auditLog.target_id, w.route.id)));
    expect(audit).toHaveLength(1);
  });

  it('freezes the public standings of a route, scoring goes on, and reveals them', async () => {
    clock.set(T0);
    const w = await makeWorld();
    const first = await startTeam(t.app, { slug: w.tenant.slug, email: 'sei@example.org' });
    const late = await startTeam(t.app, { slug: w.tenant.slug, email: 'sette@example.org' });
    const { steps } = await first.state();
    expect((await first.submit(steps[0]!.id, { answer: '1762' })).json()).toMatchObject({
      outcome: 'correct',
    });
    const publicPath = `/api/public/tenants/${w.tenant.slug}/scoreboard`;
    const rankings = async (query = '') =>
      (await t.app.inject({ method: 'GET', url: `${publicPath}${query}` })).json<Rankings>();
    const scores = (rows: RankingRow[]) => rows.map((r) => [r.team_name, r.score]);
    await settle();
    expect(scores((await rankings('?route=roma-centro-storico')).overall)).toEqual([
      ['sei@example.org', 10],
    ]);

    // Refusals change nothing: a route of another tenant, another tenant's manager.
    const other = await makeWorld();
    expect((await w.staff('PUT', `/routes/${other.route.id}/freeze`)).statusCode).toBe(404);
    const stranger = await call(t.app, other.cookie, {
      method: 'PUT',
      url: `/api/tenants/${w.tenant.slug}/live/routes/${w.route.id}/freeze`,
    });
    expect(stranger.statusCode).toBe(404);
    expect((await rankings()).frozen_at).toBeNull();

    clock.advance(60_000);
    const frozenAt = clock.now().toISOString();
    const frozen = await w.staff('PUT', `/routes/${w.route.id}/freeze`);
    expect(frozen.statusCode).toBe(200);
    expect(frozen.json<RouteLiveState>()).toMatchObject({
      frozen_at: frozenAt,
      frozen_by_email: w.manager.email,
    });
    clock.advance(60_000);
    // A second freeze keeps the first.
    expect((await w.staff('PUT', `/routes/${w.route.id}/freeze`)).json()).toMatchObject({
      frozen_at: frozenAt,
    });
    const lateSteps = (await late.state()).steps;
    await late.submit(lateSteps[0]!.id, { answer: '1762' });
    await late.submit(lateSteps[1]!.id, { answer: 'x' });
    await settle();

    const route = await rankings('?route=roma-centro-storico');
    expect(route.frozen_at).toBe(frozenAt);
    expect(scores(route.overall)).toEqual([['sei@example.org', 10]]);
    expect(scores(route.today)).toEqual([['sei@example.org', 10]]);
    // All the routes: the frozen route's frozen rows among another route's live ones.
    const [walk] = await rawDb(db())
      .insert(routes)
      .values({ tenant_id: w.tenant.id, slug: 'walk', title: 'Walk' })
      .returning();
    await rawDb(db()).insert(liveHeartbeat).values({
      tenant_id: w.tenant.id,
      route_id: walk!.id,
      team_name: 'Walker',
      email: 'walker@example.org',
      score: 50,
      progress: 1,
      total: 3,
      last_seen: clock.now(),
    });
    t.app.signals.publish('scoreboard', w.tenant.id, walk!.id);
    await settle();
    const all = await rankings();
    expect(all.frozen_at).toBe(frozenAt);
    expect(all.overall.map((r) => [r.team_name, r.score, r.position])).toEqual([
      ['Walker', 50, 1],
      ['sei@example.org', 10, 2],
    ]);
    const result = async (gameId: string) =>
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/public/tenants/${w.tenant.slug}/games/${gameId}/result`,
        })
      ).json<{ position: number | null; total_score: number }>();
    expect(await result(first.gameId)).toMatchObject({ position: 1 });
    expect(await result(late.gameId)).toMatchObject({ position: null, total_score: 10 });
    // The staff console shows the real scores.
    const staffView = (await w.staff('GET', '')).json<LiveConsole>();
    expect(staffView.teams.map((x) => x.score).sort()).toEqual([10, 10]);
    expect(staffView.routes[0]!.frozen_at).toBe(frozenAt);

    const publicStream = await stream(`${publicPath}/stream?route=roma-centro-storico`, '');
    await publicStream.waitFor((e) => parse<Rankings>(e.data).frozen_at === frozenAt);
    const revealed = await w.staff('DELETE', `/routes/${w.route.id}/freeze`);
    expect(revealed.json<RouteLiveState>()).toMatchObject({ frozen_at: null });
    await settle();
    const live = await publicStream.waitFor((e) => parse<Rankings>(e.data).frozen_at === null);
    expect(parse<Rankings>(live.data).overall).toHaveLength(2);
    expect((await rankings()).overall).toHaveLength(3);
    expect((await rankings()).frozen_at).toBeNull();
    expect(await result(late.gameId)).toMatchObject({ position: 2 });
    // Revealing a live route is a no-op.
    expect((await w.staff('DELETE', `/routes/${w.route.id}/freeze`)).statusCode).toBe(200);

    const audit = await rawDb(db())
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(eq(auditLog.target_id, w.route.id));
    expect(audit.map((a) => a.action).sort()).toEqual(['live.freeze', 'live.reveal']);
  });

  it.skipIf(TEST_DB !== 'postgres')(
    "follows another instance's events: its signal names the route, read whole (LISTEN/NOTIFY)",
    async () => {
      // Two more instances on the same database, on the system clock: signals travel for real.
      const first = await createTestApp({ database: t.database });
      const second = await createTestApp({ database: t.database });
      try {
        const address = await second.app.listen({ port: 0, host: '127.0.0.1' });
        const w = await makeWorld();
        const team = await startTeam(first.app, {
          slug: w.tenant.slug,
          email: 'altrove@example.org',
        });
        const viewer = await openEventStream(
          `${address}/api/tenants/${w.tenant.slug}/live/stream?route=${w.route.id}`,
          { cookie: w.cookie },
        );
        readers.push(viewer);
        await waitForConsole(viewer, (c) => c.teams.length === 1);
        const { steps } = await team.state();
        await team.submit(steps[0]!.id, { answer: '1762' });
        const moved = await waitForConsole(viewer, (c) => c.teams[0]?.current_step_index === 1);
        expect(moved.teams[0]!.score).toBeGreaterThan(0);
        viewer.close();
      } finally {
        await second.close();
        await first.close();
      }
    },
  );

  it('refuses an unknown game on the phone', async () => {
    const w = await makeWorld();
    const team = await startTeam(t.app, { slug: w.tenant.slug, email: 'otto@example.org' });
    const res = await call(t.app, team.cookie(), {
      method: 'GET',
      url: `/api/play/${w.tenant.slug}/games/${randomUUID()}/live`,
    });
    expect(res.statusCode).toBe(404);
  });
});
