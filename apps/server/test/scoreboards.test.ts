import { randomUUID } from 'node:crypto';
import type { GameResult, Rankings } from '@tappa/contracts';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { games, liveHeartbeat, routes } from '../src/db/schema';
import { importRoute } from '../src/modules/routes/routes.service';
import { CHANGE_CHANNEL } from '../src/infra/realtime';
import { RANKINGS_PUSH_INTERVAL_MS } from '../src/modules/scoreboards/rankings-hub';
import { MAX_STREAMS_PER_ADDRESS } from '../src/modules/scoreboards/scoreboards.endpoints';
import { createTestApp, type TestApp } from './helpers/app';
import { rawDb, TEST_DB } from './helpers/database';
import { type EventStreamReader, openEventStream } from './helpers/event-stream';
import {
  call,
  cookieHeader,
  makeTenant,
  makeUser,
  signIn,
  sampleRouteText,
} from './helpers/factories';
import { ManualClock } from './helpers/manual-clock';

const T0 = Date.parse('2026-11-22T10:00:00Z');
const TREVI = { lat: 41.900932, lng: 12.483313, accuracy_m: 5 };
const EMAIL = /@|example\.org|x\.it/;
const rankingsOf = (data: string) => JSON.parse(data) as Rankings;
const PING_MS = 200;

describe(`scoreboards on ${TEST_DB}`, () => {
  let t: TestApp;
  // Time moves only when a test moves it: coalescing windows and pings included.
  const clock = new ManualClock(T0);
  let base: string;
  let ip = 0;
  const readers: EventStreamReader[] = [];

  beforeAll(async () => {
    t = await createTestApp({ clock, scoreboardPingMs: PING_MS });
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = address;
  });
  afterAll(async () => {
    for (const reader of readers) reader.close();
    await t.close();
  });

  const db = () => t.database.db;
  const get = (url: string) => t.app.inject({ method: 'GET', url });
  const stream = async (path: string) => {
    const reader = await openEventStream(`${base}${path}`);
    readers.push(reader);
    return reader;
  };
  /** Ends the coalescing window of the signals sent so far and waits for every push. */
  const settle = async () => {
    clock.advance(RANKINGS_PUSH_INTERVAL_MS);
    await t.app.scoreboards.hub.idle();
  };
  /**
   * Sends a ping to every open stream and waits until `readers` have it: whatever the server
   * wrote to them before has arrived too. Two intervals: a stream just pushed to is pinged only
   * on the tick after the next.
   */
  const drain = async (...readers: EventStreamReader[]) => {
    const counts = readers.map((reader) => reader.comments);
    clock.advance(2 * PING_MS);
    await Promise.all(readers.map((reader, i) => reader.waitForComments(counts[i]! + 1)));
  };
  const stats = async () =>
    (await get('/api/health')).json<{
      scoreboard: { open_streams: number; rankings_computed: number };
    }>().scoreboard;

  /** A tenant with the fixture route (`roma-centro-storico`) imported. */
  async function makeQuestTenant() {
    const tenant = await makeTenant(db());
    const scope = { kind: 'tenant' as const, tenantId: tenant.id, slug: tenant.slug };
    const { route } = await importRoute(
      db(),
      { ...scope, role: 'superadmin' },
      await sampleRouteText(),
    );
    return { tenant, routeId: route.id };
  }

  async function makeRoute(
    tenantId: string,
    values: Partial<typeof routes.$inferInsert> & { slug: string },
  ) {
    const [row] = await rawDb(db())
      .insert(routes)
      .values({ tenant_id: tenantId, title: values.slug, ...values })
      .returning();
    return row!;
  }

  async function addRows(
    tenantId: string,
    routeId: string,
    rows: { team: string; score: number; lastSeen: number }[],
  ) {
    return rawDb(db())
      .insert(liveHeartbeat)
      .values(
        rows.map((r) => ({
          tenant_id: tenantId,
          route_id: routeId,
          team_name: r.team,
          email: `${r.team.toLowerCase().replace(/\W/g, '')}@example.org`,
          score: r.score,
          progress: 1,
          total: 6,
          last_seen: new Date(r.lastSeen),
        })),
      )
      .returning();
  }

  /** A team that registered and started the route through the player API (as gameplay.test). */
  async function startTeam(slug: string, email: string, on: TestApp = t) {
    const routeSlug = 'roma-centro-storico';
    let cookie = '';
    const remoteAddress = `10.40.${Math.floor(ip / 250)}.${(ip += 1) % 250}`;
    const req = async (method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) => {
      const res = await call(on.app, cookie || null, {
        method,
        url: `/api/play/${slug}${url}`,
        remoteAddress,
        ...(typeof payload === 'string'
          ? { payload, headers: { 'content-type': 'multipart/form-data; boundary=bnd' } }
          : payload === undefined
            ? {}
            : { payload: payload as object }),
      });
      const set = cookieHeader(res.headers['set-cookie']);
      if (set) cookie = set;
      return res;
    };
    await req('POST', '/identify', { email });
    const team = `Team ${email.split('@')[0]}`;
    const data = JSON.stringify({ team_name: team, team_members: null });
    await req(
      'PUT',
      '/registration',
      `--bnd\r\nContent-Disposition: form-data; name="data"\r\n\r\n${data}\r\n--bnd--\r\n`,
    );
    const start = await req('POST', `/routes/${routeSlug}/start`);
    const gameId = start.json<{ game_id: string }>().game_id;
    const state = (await req('GET', `/games/${gameId}`)).json<{ steps: { id: string }[] }>();
    const submit = (answer: string) =>
      req('POST', `/games/${gameId}/steps/${state.steps[0]!.id}/submit`, {
        submission_id: randomUUID(),
        answer,
        position: TREVI,
        heading_deg: null,
      });
    return { gameId, submit, team };
  }

  it('ranks by score, then the earlier last seen, at most 20 rows, without e-mails', async () => {
    clock.set(T0);
    const tenant = await makeTenant(db());
    const quest = await makeRoute(tenant.id, { slug: 'quest', title: 'Quest' });
    const walk = await makeRoute(tenant.id, { slug: 'walk', route_type: 'exploration' });
    await addRows(tenant.id, quest.id, [
      { team: 'Late', score: 50, lastSeen: T0 - 1000 },
      { team: 'Early', score: 50, lastSeen: T0 - 5000 },
      { team: 'Top', score: 90, lastSeen: T0 - 100 },
      ...Array.from({ length: 22 }, (_, i) => ({ team: `T${i}`, score: i, lastSeen: T0 - i })),
    ]);
    const [walker] = await addRows(tenant.id, walk.id, [
      { team: 'Walker', score: 0, lastSeen: T0 - 10 },
    ]);

    const res = await get(`/api/public/tenants/${tenant.slug}/scoreboard`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.body).not.toMatch(EMAIL);
    const all = res.json<Rankings>();
    expect(all.route).toBeNull();
    expect(all.overall).toHaveLength(20);
    expect(all.overall.slice(0, 4).map((r) => r.team_name)).toEqual([
      'Top',
      'Early',
      'Late',
      'T21',
    ]);
    expect(all.overall.map((r) => r.position)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    expect(all.overall[0]).toMatchObject({ score: 90, progress: 1, total: 6 });
    expect(all.overall[0]!.route_type).toBe('progressive');

    const walking = (
      await get(`/api/public/tenants/${tenant.slug}/scoreboard?route=walk`)
    ).json<Rankings>();
    expect(walking.route).toEqual({ slug: 'walk', title: 'walk', route_type: 'exploration' });
    expect(walking.overall).toEqual([
      expect.objectContaining({ id: walker!.id, position: 1, route_type: 'exploration' }),
    ]);
    const missing = await get(`/api/public/tenants/${tenant.slug}/scoreboard?route=nope`);
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({
      error: { code: 'route_not_found', params: {}, message: 'Route not found' },
    });
  });

  it("counts 'today' from midnight in the tenant's time zone (Europe/Rome)", async () => {
    // 23:00:30 UTC on 22 November is 00:00:30 on the 23rd in Rome (UTC+1).
    clock.set(Date.parse('2026-11-22T23:00:30Z'));
    const tenant = await makeTenant(db());
    const route = await makeRoute(tenant.id, { slug: 'notte' });
    await addRows(tenant.id, route.id, [
      { team: 'Yesterday', score: 9, lastSeen: Date.parse('2026-11-22T22:59:50Z') },
      { team: 'Today', score: 1, lastSeen: Date.parse('2026-11-22T23:00:10Z') },
    ]);
    const board = (await get(`/api/public/tenants/${tenant.slug}/scoreboard`)).json<Rankings>();
    expect(board.overall.map((r) => r.team_name)).toEqual(['Yesterday', 'Today']);
    expect(board.today.map((r) => [r.team_name, r.position])).toEqual([['Today', 1]]);

    // A cached ranking does not outlive the day: the next midnight empties 'today'.
    clock.set(Date.parse('2026-11-23T23:00:01Z'));
    const next = (await get(`/api/public/tenants/${tenant.slug}/scoreboard`)).json<Rankings>();
    expect(next.today).toEqual([]);
    clock.set(T0);
  });

  it('lists active routes by title and leaves disabled routes out of the all-routes board', async () => {
    const tenant = await makeTenant(db());
    const zeta = await makeRoute(tenant.id, { slug: 'z', title: 'Zeta' });
    await makeRoute(tenant.id, { slug: 'a', title: 'Alfa', route_type: 'exploration' });
    const off = await makeRoute(tenant.id, { slug: 'off', title: 'Beta', is_active: false });
    await addRows(tenant.id, zeta.id, [{ team: 'On', score: 1, lastSeen: T0 }]);
    await addRows(tenant.id, off.id, [{ team: 'Off', score: 5, lastSeen: T0 }]);

    const list = await get(`/api/public/tenants/${tenant.slug}/scoreboard/routes`);
    expect(list.json()).toEqual({
      routes: [
        { slug: 'a', title: 'Alfa', route_type: 'exploration' },
        { slug: 'z', title: 'Zeta', route_type: 'progressive' },
      ],
    });
    const all = (await get(`/api/public/tenants/${tenant.slug}/scoreboard`)).json<Rankings>();
    expect(all.overall.map((r) => r.team_name)).toEqual(['On']);
    const own = (
      await get(`/api/public/tenants/${tenant.slug}/scoreboard?route=off`)
    ).json<Rankings>();
    expect(own.overall.map((r) => r.team_name)).toEqual(['Off']);

    expect((await get('/api/public/tenants/no-such-tenant/scoreboard')).statusCode).toBe(404);
    const closed = await makeTenant(db(), { is_active: false });
    const refused = await get(`/api/public/tenants/${closed.slug}/scoreboard/routes`);
    expect(refused.json<{ error: { code: string } }>().error.code).toBe('tenant_unavailable');
  });

  it("gives a game's result with its place beyond row 20 and its row id", async () => {
    const tenant = await makeTenant(db());
    const route = await makeRoute(tenant.id, { slug: 'lunga', title: 'Lunga' });
    await addRows(
      tenant.id,
      route.id,
      Array.from({ length: 24 }, (_, i) => ({ team: `R${i}`, score: 100 + i, lastSeen: T0 })),
    );
    const [game] = await rawDb(db())
      .insert(games)
      .values({
        tenant_id: tenant.id,
        route_id: route.id,
        team_name: 'Noi',
        owner_email: 'noi@example.org',
        total_score: 40,
        status: 'completed',
      })
      .returning();
    const url = `/api/public/tenants/${tenant.slug}/games/${game!.id}/result`;
    expect((await get(url)).json<GameResult>()).toMatchObject({ position: null, row_id: null });

    // Two rows share our score: the one seen earlier is ahead, the later one behind.
    await addRows(tenant.id, route.id, [
      { team: 'Before', score: 40, lastSeen: T0 - 1000 },
      { team: 'After', score: 40, lastSeen: T0 + 1000 },
    ]);
    const [own] = await rawDb(db())
      .insert(liveHeartbeat)
      .values({
        tenant_id: tenant.id,
        route_id: route.id,
        team_name: 'Noi',
        email: 'noi@example.org',
        score: 40,
        last_seen: new Date(T0),
      })
      .returning();
    const res = await get(url);
    expect(res.body).not.toMatch(EMAIL);
    expect(res.json()).toEqual({
      game_id: game!.id,
      status: 'completed',
      team_name: 'Noi',
      team_avatar_url: null,
      total_score: 40,
      route: { slug: 'lunga', title: 'Lunga', route_type: 'progressive' },
      position: 26,
      row_id: own!.id,
    });

    const other = await makeTenant(db());
    const foreign = await get(`/api/public/tenants/${other.slug}/games/${game!.id}/result`);
    expect(foreign.statusCode).toBe(404);
  });

  it('streams the rankings at once and again after a submission, tenant by tenant', async () => {
    const a = await makeQuestTenant();
    const other = await makeQuestTenant();
    const aAll = await stream(`/api/public/tenants/${a.tenant.slug}/scoreboard/stream`);
    const bAll = await stream(`/api/public/tenants/${other.tenant.slug}/scoreboard/stream`);
    expect(aAll.headers['content-type']).toBe('text/event-stream');
    expect(aAll.headers['cache-control']).toBe('no-cache');
    expect(aAll.headers['x-accel-buffering']).toBe('no');
    expect(aAll.headers['content-security-policy']).toContain("default-src 'self'");
    expect(aAll.headers['x-request-id']).toBeTruthy();
    const first = await aAll.waitFor((e) => e.event === 'rankings');
    expect(rankingsOf(first.data)).toMatchObject({ route: null, overall: [], today: [] });
    await bAll.waitFor((e) => e.event === 'rankings');

    const team = await startTeam(a.tenant.slug, 'stream@example.org');
    expect((await team.submit('wrong')).json()).toMatchObject({ outcome: 'wrong' });
    expect((await team.submit('1762')).json()).toMatchObject({ outcome: 'correct' });
    // The push comes at once or after one coalescing window (the latency is measured by the
    // scoreboards bench, not here).
    await settle();
    const update = await aAll.waitFor((e) => rankingsOf(e.data).overall.length === 1);
    expect(update.data).not.toMatch(EMAIL);
    expect(rankingsOf(update.data).overall[0]).toMatchObject({
      team_name: team.team,
      score: 10,
      progress: 1,
      position: 1,
    });
    // The wrong answer changed nothing, so it sent nothing; the other tenant heard nothing.
    await drain(aAll, bAll);
    expect(aAll.events).toHaveLength(2);
    expect(bAll.events).toHaveLength(1);
    aAll.close();
    bAll.close();
  });

  it('resumes a stream by Last-Event-ID: the rankings the browser has are not sent again', async () => {
    const a = await makeQuestTenant();
    const path = `${base}/api/public/tenants/${a.tenant.slug}/scoreboard/stream`;
    const first = await stream(`/api/public/tenants/${a.tenant.slug}/scoreboard/stream`);
    const seen = await first.waitFor((e) => e.event === 'rankings');
    expect(seen.id).toBeTruthy();
    first.close();
    // The browser reconnects with the id it saw last; another one had an older ranking.
    const resumed = await openEventStream(path, { 'last-event-id': seen.id ?? '' });
    const behind = await openEventStream(path, { 'last-event-id': 'an-older-id' });
    readers.push(resumed, behind);
    await behind.waitFor((e) => e.event === 'rankings');
    await drain(resumed, behind);
    expect(resumed.events).toHaveLength(0);

    const team = await startTeam(a.tenant.slug, 'resume@example.org');
    expect((await team.submit('1762')).json()).toMatchObject({ outcome: 'correct' });
    await settle();
    const update = await resumed.waitFor((e) => rankingsOf(e.data).overall.length === 1);
    expect(update.id).toBeTruthy();
    expect(update.id).not.toBe(seen.id);
    resumed.close();
    behind.close();
  });

  it("sends a route's viewers only that route's rankings", async () => {
    const a = await makeQuestTenant();
    const other = await makeRoute(a.tenant.id, { slug: 'altra', title: 'Altra' });
    const path = `${base}/api/public/tenants/${a.tenant.slug}/scoreboard/stream`;
    const roma = await openEventStream(`${path}?route=roma-centro-storico`);
    readers.push(roma);
    const altra = await openEventStream(`${path}?route=${other.slug}`);
    readers.push(altra);
    await roma.waitFor(() => true);
    const initial = rankingsOf((await altra.waitFor(() => true)).data);
    expect(initial.route).toEqual({ slug: 'altra', title: 'Altra', route_type: 'progressive' });

    const team = await startTeam(a.tenant.slug, 'route@example.org');
    await team.submit('1762');
    await settle();
    const update = await roma.waitFor((e) => rankingsOf(e.data).overall.length === 1);
    expect(rankingsOf(update.data).route?.slug).toBe('roma-centro-storico');
    await drain(altra);
    expect(altra.events).toHaveLength(1);
    await expect(openEventStream(`${path}?route=nope`)).rejects.toThrow(/404.*route_not_found/);
    roma.close();
    altra.close();
  });

  it('lets one address hold at most 200 open streams, and another one its own', async () => {
    const a = await makeQuestTenant();
    const url = `${base}/api/public/tenants/${a.tenant.slug}/scoreboard/stream`;
    // Clients behind the (loopback) proxy, each known by its forwarded address.
    const from = (address: string) => openEventStream(url, { 'x-forwarded-for': address });
    const held: EventStreamReader[] = [];
    for (let i = 0; i < MAX_STREAMS_PER_ADDRESS; i += 20) {
      held.push(...(await Promise.all(Array.from({ length: 20 }, () => from('192.0.2.10')))));
    }
    await expect(from('192.0.2.10')).rejects.toThrow(/429.*too_many_streams/);
    const neighbour = await from('192.0.2.11');
    neighbour.close();

    // A stream that ends frees its place, once the server has seen it close.
    const openBefore = (await stats()).open_streams;
    held.pop()?.close();
    while ((await stats()).open_streams >= openBefore) {
      await new Promise((resolve) => setImmediate(resolve));
    }
    const reopened = await from('192.0.2.10');
    for (const reader of [...held, reopened]) reader.close();
  });

  it('pushes the first submission at once and coalesces the burst after it, one computation per key', async () => {
    const a = await makeQuestTenant();
    const path = `/api/public/tenants/${a.tenant.slug}/scoreboard/stream`;
    const [first, ...burst] = await Promise.all(
      Array.from({ length: 8 }, (_, i) => startTeam(a.tenant.slug, `burst${i}@example.org`)),
    );
    const all = await stream(path);
    const roma = await stream(`${path}?route=roma-centro-storico`);
    await all.waitFor(() => true);
    await roma.waitFor(() => true);
    // Signals left over by the teams' set-up are handled first, and the window after them ends.
    await settle();
    await settle();
    const before = (await stats()).rankings_computed;

    // The first change after a quiet moment is pushed without waiting for any window.
    await first!.submit('1762');
    await t.app.scoreboards.hub.idle();
    const ranked = (n: number) => (e: { data: string }) => rankingsOf(e.data).overall.length === n;
    await all.waitFor(ranked(1));
    await roma.waitFor(ranked(1));
    expect((await stats()).rankings_computed - before).toBe(2);

    // Seven submissions within the window that follows: one more computation per watched key.
    await Promise.all(burst.map((team) => team.submit('1762')));
    await settle();
    await all.waitFor(ranked(8));
    await roma.waitFor(ranked(8));
    const computed = (await stats()).rankings_computed - before;
    expect(computed).toBe(4);
    for (const reader of [all, roma]) {
      const last = rankingsOf(reader.events.at(-1)!.data);
      expect(last.overall.map((r) => r.score)).toEqual(Array(8).fill(10));
    }
    // The polling GET is served from the same cache.
    await get(`/api/public/tenants/${a.tenant.slug}/scoreboard`);
    await get(`/api/public/tenants/${a.tenant.slug}/scoreboard?route=roma-centro-storico`);
    expect((await stats()).rankings_computed - before).toBe(computed);
    expect((await stats()).open_streams).toBeGreaterThanOrEqual(2);
    all.close();
    roma.close();
  });

  it('pushes the empty board after a scoreboard reset by the staff', async () => {
    const a = await makeQuestTenant();
    await addRows(a.tenant.id, a.routeId, [{ team: 'Gone', score: 3, lastSeen: T0 }]);
    const viewer = await stream(`/api/public/tenants/${a.tenant.slug}/scoreboard/stream`);
    expect(rankingsOf((await viewer.waitFor(() => true)).data).overall).toHaveLength(1);
    const admin = await makeUser(db(), { role: 'tenant_admin', tenantId: a.tenant.id });
    const cookie = await signIn(t.app, admin.email, admin.password);
    const reset = await call(t.app, cookie, {
      method: 'DELETE',
      url: `/api/tenants/${a.tenant.slug}/routes/${a.routeId}/scoreboard`,
    });
    expect(reset.json()).toEqual({ entries_affected: 1 });
    await settle();
    await viewer.waitFor((e) => rankingsOf(e.data).overall.length === 0);
    viewer.close();
  });

  it('ends open streams when the app closes, without waiting for them', async () => {
    const other = await createTestApp({ database: t.database });
    const address = await other.app.listen({ port: 0, host: '127.0.0.1' });
    const a = await makeQuestTenant();
    const viewer = await openEventStream(
      `${address}/api/public/tenants/${a.tenant.slug}/scoreboard/stream`,
    );
    await viewer.waitFor(() => true);
    // An open stream would keep `close()` waiting forever: it resolves, and the stream ends.
    await other.close();
    await viewer.ended;
  });

  it.skipIf(TEST_DB !== 'postgres')(
    'carries a change from one app instance to the streams of another (PostgreSQL LISTEN/NOTIFY; PGlite is one process)',
    async () => {
      // Two more instances on the same database, on the system clock: signals travel for real.
      const first = await createTestApp({ database: t.database });
      const second = await createTestApp({ database: t.database });
      try {
        const address = await second.app.listen({ port: 0, host: '127.0.0.1' });
        const a = await makeQuestTenant();
        const viewer = await openEventStream(
          `${address}/api/public/tenants/${a.tenant.slug}/scoreboard/stream`,
        );
        await viewer.waitFor(() => true);
        const team = await startTeam(a.tenant.slug, 'instances@example.org', first);
        await team.submit('1762');
        const update = await viewer.waitFor((e) => rankingsOf(e.data).overall.length === 1);
        expect(rankingsOf(update.data).overall[0]).toMatchObject({ team_name: team.team });

        // The listeners lose their connections: they come back, and signals flow again.
        const admin = new pg.Client({ connectionString: t.database.url! });
        await admin.connect();
        const back = [first, second].map((app) => app.app.signals.nextChannelState('listening'));
        await admin.query(
          `select pg_terminate_backend(pid) from pg_stat_activity
          where datname = current_database() and query = 'LISTEN ${CHANGE_CHANNEL}'
            and pid <> pg_backend_pid()`,
        );
        await admin.end();
        await Promise.all(back);
        const later = await startTeam(a.tenant.slug, 'again@example.org', first);
        await later.submit('1762');
        await viewer.waitFor((e) => rankingsOf(e.data).overall.length === 2);
        viewer.close();
      } finally {
        await second.close();
        await first.close();
      }
    },
  );
});
