import type {
  GameState,
  RouteListResponse,
  RouteSummary,
  GameTrail,
  LiveConsole,
  LiveConsoleChange,
  TeamErasure,
  TeamExport,
  TenantTeamDetail,
} from '@tappa/contracts';
import { FIX_MAX_AGE_MS, FIX_MIN_GAP_MS, type RouteJson } from '@tappa/domain';
import { and, asc, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  gameFixes,
  gameLastFixes,
  routeFixAggregates,
  routes,
  teamRegistrations,
  tenants,
} from '../src/db/schema';
import { LIVE_PUSH_INTERVAL_MS } from '../src/modules/live/live-hub';
import { createTestApp, type TestApp } from './helpers/app';
import { rawDb, TEST_DB } from './helpers/database';
import { type EventStreamReader, openEventStream } from './helpers/event-stream';
import { call, makeUser, managedTenant, signIn } from './helpers/factories';
import { expectRefusedUnchanged } from './helpers/fingerprint';
import { routeFields } from './helpers/forms';
import { ManualClock } from './helpers/manual-clock';
import { startTeam, TREVI, treviStep } from './helpers/team';

const T0 = Date.parse('2026-11-30T09:00:00Z');
const DAY_MS = 86_400_000;
const iso = (ms: number) => new Date(ms).toISOString();

/** Positions that appear nowhere else: a probe looks for them in every player's payload. */
const SECRET = { lat: 41.895512, lng: 12.476311 };
const SECRET_TEXT = [String(SECRET.lat), String(SECRET.lng)];

const step = (ord: number, answer: string) => treviStep(ord, { check_answer: answer });

/** A route that asks its teams for their position. */
const SHARING = {
  id: 'mappa-viva',
  title: 'Mappa viva',
  location_sharing: true,
  location_purpose: 'Per ritrovarvi se vi perdete',
  steps: [step(1, 'uno'), step(2, 'due'), step(3, 'tre')],
};
/** The same without: its teams are never asked, their fixes refused. */
const PLAIN = { id: 'senza-mappa', title: 'Senza mappa', steps: [step(1, 'uno')] };

describe(`the live map's positions on ${TEST_DB} (issue 37, decision 0086)`, () => {
  let t: TestApp;
  const clock = new ManualClock(T0);
  let base: string;
  const readers: EventStreamReader[] = [];
  let tenant: Awaited<ReturnType<typeof managedTenant>>;
  let other: Awaited<ReturnType<typeof managedTenant>>;
  let adminCookie: string;

  beforeAll(async () => {
    t = await createTestApp({ clock });
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    tenant = await managedTenant(t.app, t.database.db);
    other = await managedTenant(t.app, t.database.db);
    for (const route of [SHARING, PLAIN]) {
      const imported = await tenant.api('POST', '/routes/import', { json: JSON.stringify(route) });
      expect(imported.statusCode, imported.body).toBe(200);
    }
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

  /** A team playing `routeSlug`, with its position's requests. */
  async function playing(email: string, routeSlug = SHARING.id) {
    const team = await startTeam(t.app, { slug: tenant.slug, email, routeSlug });
    const state = async () => (await team.req('GET', `/games/${team.gameId}`)).json<GameState>();
    const share = (sharing: string) =>
      team.req('PUT', `/games/${team.gameId}/location`, { sharing });
    const fix = (body: Record<string, unknown> = {}) =>
      team.req('POST', `/games/${team.gameId}/fixes`, {
        lat: TREVI.lat,
        lng: TREVI.lng,
        accuracy_m: 8,
        taken_at: iso(clock.now().getTime()),
        ...body,
      });
    return { ...team, state, share, fix };
  }

  const fixesOf = (gameId: string) =>
    db().select().from(gameFixes).where(eq(gameFixes.game_id, gameId)).orderBy(asc(gameFixes.id));
  /** The game's newest fix, as the console reads it (`game_last_fixes`). */
  const newestOf = async (gameId: string) => {
    const rows = await db().select().from(gameLastFixes).where(eq(gameLastFixes.game_id, gameId));
    return rows[0] ?? null;
  };
  const consoleTeam = async (gameId: string) => {
    // The console's pushes of the changes so far, coalesced: then it is read as it is.
    clock.advance(LIVE_PUSH_INTERVAL_MS);
    await t.app.live.console.idle();
    const res = await tenant.api('GET', '/live');
    return res.json<LiveConsole>().teams.find((team) => team.game_id === gameId);
  };

  it('keeps the setting in the route, its form and its JSON, written only when on', async () => {
    const list = (await tenant.api('GET', '/routes')).json<RouteListResponse>().routes;
    const sharing = list.find((route) => route.slug === SHARING.id)!;
    const plain = list.find((route) => route.slug === PLAIN.id)!;
    expect(sharing).toMatchObject({
      location_sharing: true,
      location_purpose: 'Per ritrovarvi se vi perdete',
    });
    expect(plain).toMatchObject({ location_sharing: false, location_purpose: null });
    const exported = (await tenant.api('GET', `/routes/${sharing.id}/export`)).json<RouteJson>();
    expect(exported).toMatchObject({
      location_sharing: true,
      location_purpose: 'Per ritrovarvi se vi perdete',
    });
    // A route that does not share exports exactly as before the live map.
    const older = (await tenant.api('GET', `/routes/${plain.id}/export`)).json<RouteJson>();
    expect(Object.keys(older)).toEqual([
      'id',
      'title',
      'description',
      'key_elements',
      'is_flash',
      'date_start',
      'date_end',
      'steps',
    ]);
    // The route form turns it on with a purpose, and off.
    const form = {
      ...routeFields({ title: PLAIN.title, slug: PLAIN.id }),
      location_sharing: true,
      location_purpose: '  Sicurezza  ',
    };
    const on = await tenant.api('PUT', `/routes/${plain.id}`, form);
    expect(on.statusCode, on.body).toBe(200);
    expect(on.json<RouteSummary>()).toMatchObject({
      location_sharing: true,
      location_purpose: 'Sicurezza',
    });
    await expectRefusedUnchanged(
      t.database.db,
      () =>
        tenant.api('PUT', `/routes/${plain.id}`, { ...form, location_purpose: 'x'.repeat(501) }),
      400,
      { code: 'validation_failed' },
    );
    const off = await tenant.api(
      'PUT',
      `/routes/${plain.id}`,
      routeFields({ title: PLAIN.title, slug: PLAIN.id }),
    );
    expect(off.json<RouteSummary>()).toMatchObject({
      location_sharing: false,
      location_purpose: null,
    });
  });

  it('asks only on a route that asks: its purpose and the retention, and the team chooses', async () => {
    clock.set(T0);
    const plain = await playing('semplice@example.org', PLAIN.id);
    expect((await plain.state()).location).toBeNull();
    await expectRefusedUnchanged(t.database.db, () => plain.share('shared'), 409, {
      code: 'location_not_asked',
    });
    await expectRefusedUnchanged(t.database.db, () => plain.fix(), 409, {
      code: 'location_not_asked',
    });

    const team = await playing('sceglie@example.org');
    expect((await team.state()).location).toEqual({
      sharing: null,
      purpose: 'Per ritrovarvi se vi perdete',
      retention_days: 30,
    });
    // Not asked yet: nothing is kept.
    await expectRefusedUnchanged(t.database.db, () => team.fix(), 409, {
      code: 'location_not_shared',
    });
    await expectRefusedUnchanged(t.database.db, () => team.share('everyone'), 400, {
      code: 'validation_failed',
    });
    const declined = await team.share('declined');
    expect(declined.statusCode, declined.body).toBe(200);
    expect(declined.json()).toEqual({ sharing: 'declined' });
    expect((await team.state()).location?.sharing).toBe('declined');
    expect(await consoleTeam(team.gameId)).toMatchObject({
      location_sharing: 'declined',
      fix: null,
    });
    await expectRefusedUnchanged(t.database.db, () => team.fix(), 409, {
      code: 'location_not_shared',
    });
    // A team that declined still plays, its radius checked on the try's position as before.
    const { steps } = await team.state();
    expect((await team.submit(steps[0]!.id, { answer: 'uno' })).json()).toMatchObject({
      outcome: 'correct',
    });
    expect(await fixesOf(team.gameId)).toEqual([]);
  });

  it("keeps a sharing team's fixes once each, with its step, and shows the newest on the console, pushed", async () => {
    clock.set(T0);
    const team = await playing('condivide@example.org');
    const consoleStream = await openEventStream(`${base}/api/tenants/${tenant.slug}/live/stream`, {
      cookie: (await signInManager()).cookie,
    });
    readers.push(consoleStream);
    await consoleStream.waitFor((e) => e.event === 'console');
    expect((await team.share('shared')).statusCode).toBe(200);

    const first = await team.fix({ lat: 41.9, lng: 12.48, accuracy_m: 12 });
    expect(first.statusCode, first.body).toBe(204);
    // The same fix again (its answer lost) is kept once, and one a second later not at all.
    expect((await team.fix({ lat: 41.9, lng: 12.48, accuracy_m: 12 })).statusCode).toBe(204);
    const tooSoon = await team.fix({ lat: 41.95, taken_at: iso(T0 + FIX_MIN_GAP_MS - 1) });
    expect(tooSoon.statusCode).toBe(204);
    const { steps } = await team.state();
    expect(await fixesOf(team.gameId)).toMatchObject([
      {
        lat: 41.9,
        lng: 12.48,
        accuracy_m: 12,
        step_id: steps[0]!.id,
        taken_at: new Date(T0),
        received_at: new Date(T0),
      },
    ]);

    // The phone's clock may run a little ahead; the console shows the phone's time of the fix.
    clock.advance(10_000);
    const later = T0 + 10_000 + 30_000;
    expect((await team.fix({ lat: 41.901, lng: 12.481, taken_at: iso(later) })).statusCode).toBe(
      204,
    );
    clock.advance(LIVE_PUSH_INTERVAL_MS);
    await t.app.live.console.idle();
    const pushed = await consoleStream.waitFor((e) => {
      if (e.event !== 'console-change') return false;
      const change = JSON.parse(e.data) as LiveConsoleChange;
      return change.teams.some((x) => x.game_id === team.gameId && x.fix?.lat === 41.901);
    });
    expect(
      (JSON.parse(pushed.data) as LiveConsoleChange).teams.find((x) => x.game_id === team.gameId),
    ).toMatchObject({
      location_sharing: 'shared',
      fix: { lat: 41.901, lng: 12.481, accuracy_m: 8, at: iso(later) },
    });
    expect(await consoleTeam(team.gameId)).toMatchObject({ fix: { lat: 41.901 } });

    // A try carries the team's position: it is a fix too, in the same request.
    await team.submit(steps[0]!.id, { answer: 'uno', position: { ...SECRET, accuracy_m: 4 } });
    const kept = await fixesOf(team.gameId);
    expect(kept).toHaveLength(3);
    expect(kept.at(-1)).toMatchObject({ ...SECRET, accuracy_m: 4, step_id: steps[0]!.id });

    // 'Sospendi condivisione': no more fixes, and the console no longer shows where it was.
    expect((await team.share('suspended')).statusCode).toBe(200);
    await expectRefusedUnchanged(t.database.db, () => team.fix(), 409, {
      code: 'location_not_shared',
    });
    await team.submit(steps[1]!.id, { answer: 'sbagliato', position: TREVI });
    expect(await fixesOf(team.gameId)).toHaveLength(3);
    expect(await consoleTeam(team.gameId)).toMatchObject({
      location_sharing: 'suspended',
      fix: null,
    });
    const trail = await tenant.api('GET', `/live/games/${team.gameId}/trail`);
    expect(trail.json<GameTrail>().fixes).toEqual([]);
    // Sharing again: the trail is back, oldest first.
    expect((await team.share('shared')).statusCode).toBe(200);
    const back = await tenant.api('GET', `/live/games/${team.gameId}/trail`);
    expect(back.statusCode, back.body).toBe(200);
    // By the phones' times: the try's (the server's now) came before the fix 30 s ahead.
    expect(back.json<GameTrail>().fixes.map((f) => f.lat)).toEqual([41.9, SECRET.lat, 41.901]);
  });

  it("pushes a try's position as the team's newest, and keeps a later fix's over an earlier one", async () => {
    // An hour on: the console's timers of the tests before are due (the clock never goes back).
    const start = T0 + 3_600_000;
    clock.set(start);
    const team = await playing('prova-posizione@example.org');
    const consoleStream = await openEventStream(`${base}/api/tenants/${tenant.slug}/live/stream`, {
      cookie: (await signInManager()).cookie,
    });
    readers.push(consoleStream);
    /** The next push that shows the team at latitude `lat`. */
    const shownAt = async (lat: number) => {
      clock.advance(LIVE_PUSH_INTERVAL_MS);
      await t.app.live.console.idle();
      const event = await consoleStream.waitFor(
        (e) =>
          e.event !== 'ping' &&
          (JSON.parse(e.data) as LiveConsoleChange).teams.some(
            (x) => x.game_id === team.gameId && x.fix?.lat === lat,
          ),
      );
      return (JSON.parse(event.data) as LiveConsoleChange).teams.find(
        (x) => x.game_id === team.gameId,
      );
    };
    expect((await team.share('shared')).statusCode).toBe(200);
    expect((await team.fix({ lat: 41.9, lng: 12.48 })).statusCode).toBe(204);
    await shownAt(41.9);

    // The try's own statement keeps its position; the console shows it without another fix.
    clock.advance(5_000);
    const { steps } = await team.state();
    await team.submit(steps[0]!.id, { answer: 'uno', position: { ...SECRET, accuracy_m: 4 } });
    expect(await shownAt(SECRET.lat)).toMatchObject({
      fix: { ...SECRET, accuracy_m: 4, at: iso(clock.now().getTime() - LIVE_PUSH_INTERVAL_MS) },
    });
    expect(await newestOf(team.gameId)).toMatchObject(SECRET);

    // A fix the phone took before the try's, arriving late, is kept but is not the newest.
    const late = await team.fix({ lat: 41.7, taken_at: iso(start + 2_000) });
    expect(late.statusCode).toBe(204);
    expect((await fixesOf(team.gameId)).map((f) => f.lat)).toContain(41.7);
    expect(await newestOf(team.gameId)).toMatchObject({ lat: SECRET.lat });
    expect(await consoleTeam(team.gameId)).toMatchObject({ fix: { lat: SECRET.lat } });
  });

  it('keeps the fixes of many teams sent at once, each once, and one of a game within 2 s', async () => {
    clock.set(T0);
    const teams = await Promise.all(
      Array.from({ length: 6 }, (_, n) => playing(`insieme-${n}@example.org`)),
    );
    for (const team of teams) expect((await team.share('shared')).statusCode).toBe(200);
    const [first, second, ...others] = teams;
    // Written in groups (decision 0086): each request is answered once its fix is written.
    const answers = await Promise.all([
      ...teams.map((team, n) => team.fix({ lat: 41.9 + n / 1000 })),
      first!.fix({ lat: 41.9 }),
      second!.fix({ lat: 41.95, taken_at: iso(T0 + FIX_MIN_GAP_MS - 500) }),
    ]);
    expect(answers.map((res) => res.statusCode)).toEqual(answers.map(() => 204));
    expect((await fixesOf(first!.gameId)).map((f) => f.lat)).toEqual([41.9]);
    expect(await fixesOf(second!.gameId)).toHaveLength(1);
    for (const [n, team] of others.entries()) {
      expect((await fixesOf(team.gameId)).map((f) => f.lat)).toEqual([41.9 + (n + 2) / 1000]);
      expect(await newestOf(team.gameId)).toMatchObject({ lat: 41.9 + (n + 2) / 1000 });
    }
  });

  it('gathers fixes for FIX_GATHER_MS on its clock, then answers each once it is kept', async () => {
    clock.set(T0);
    const teams = await Promise.all(
      Array.from({ length: 3 }, (_, n) => playing(`finestra-${n}@example.org`)),
    );
    for (const team of teams) expect((await team.share('shared')).statusCode).toBe(200);
    const gathering = await createTestApp({
      clock,
      database: t.database,
      env: { FIX_GATHER_MS: '100' },
    });
    try {
      let answered = 0;
      const answers = teams.map((team, n) =>
        call(gathering.app, team.cookie(), {
          method: 'POST',
          url: `/api/play/${tenant.slug}/games/${team.gameId}/fixes`,
          payload: { lat: 41.9 + n / 1000, lng: 12.48, accuracy_m: 5, taken_at: iso(T0) },
        }).then((res) => {
          answered += 1;
          return res;
        }),
      );
      const turns = async (n: number) => {
        for (let i = 0; i < n; i += 1) await new Promise((resolve) => setImmediate(resolve));
      };
      // While the clock stands, the group gathers: nothing is answered, nothing is written (read
      // a few times over: the database answers in turn, after any write sent before).
      for (let round = 0; round < 5; round += 1) {
        for (const team of teams) expect(await fixesOf(team.gameId)).toEqual([]);
      }
      expect(answered).toBe(0);
      // Once the window has passed on the app's clock, every fix is kept and answered.
      while (answered < teams.length) {
        clock.advance(100);
        await turns(5);
      }
      expect((await Promise.all(answers)).map((res) => res.statusCode)).toEqual([204, 204, 204]);
      for (const [n, team] of teams.entries()) {
        expect((await fixesOf(team.gameId)).map((f) => f.lat)).toEqual([41.9 + n / 1000]);
      }
    } finally {
      await gathering.close();
    }
  });

  it('refuses bad numbers, times in the future or stale, finished and foreign games, changing nothing', async () => {
    clock.set(T0);
    const team = await playing('rifiutato@example.org');
    await team.share('shared');
    const now = T0;
    for (const body of [
      { lat: 91 },
      { lat: -90.5 },
      { lng: 180.1 },
      { lat: '41.9' },
      { lng: null },
      { accuracy_m: -1 },
      { accuracy_m: 100_001 },
      { taken_at: 'ieri' },
    ]) {
      await expectRefusedUnchanged(t.database.db, () => team.fix(body), 400, {
        code: 'validation_failed',
      });
    }
    for (const at of [now + 60_001, now - FIX_MAX_AGE_MS - 1]) {
      await expectRefusedUnchanged(t.database.db, () => team.fix({ taken_at: iso(at) }), 400, {
        code: 'fix_time_invalid',
      });
    }
    // Another team's game is not found, for a fix and a choice alike.
    const stranger = await playing('estraneo@example.org');
    const foreign = (method: 'PUT' | 'POST', url: string, payload: object) => () =>
      stranger.req(method, url, payload);
    await expectRefusedUnchanged(
      t.database.db,
      foreign('POST', `/games/${team.gameId}/fixes`, {
        lat: 41.9,
        lng: 12.4,
        accuracy_m: null,
        taken_at: iso(now),
      }),
      404,
      { code: 'game_not_found' },
    );
    await expectRefusedUnchanged(
      t.database.db,
      foreign('PUT', `/games/${team.gameId}/location`, { sharing: 'declined' }),
      404,
      { code: 'game_not_found' },
    );
    // Staff of another tenant do not find the trail.
    await expectRefusedUnchanged(
      t.database.db,
      () => other.api('GET', `/live/games/${team.gameId}/trail`),
      404,
      { code: 'game_not_found' },
    );
    // A finished game takes no more fixes and no more answers.
    const { steps } = await team.state();
    for (const [i, s] of steps.entries())
      await team.submit(s.id, { answer: ['uno', 'due', 'tre'][i]! });
    expect((await team.state()).status).toBe('completed');
    await expectRefusedUnchanged(t.database.db, () => team.fix(), 409, { code: 'game_over' });
    await expectRefusedUnchanged(t.database.db, () => team.share('suspended'), 409, {
      code: 'game_over',
    });
  });

  it("never shows a team another team's position", async () => {
    clock.set(T0);
    const watched = await playing('osservata@example.org');
    await watched.share('shared');
    expect((await watched.fix(SECRET)).statusCode).toBe(204);
    const looker = await playing('curiosa@example.org');
    await looker.share('shared');
    const checked = (res: LightMyRequestResponse, what: string) => {
      for (const text of SECRET_TEXT) expect(res.body, `${what}`).not.toContain(text);
    };
    for (const url of [
      `/games/${looker.gameId}`,
      `/games/${looker.gameId}/live`,
      `/games/${looker.gameId}/ledger`,
      '/me',
      '/routes',
      `/routes/${SHARING.id}`,
      '/messages',
    ]) {
      checked(await looker.req('GET', url), url);
    }
    for (const url of [
      `/api/public/tenants/${tenant.slug}/games/${looker.gameId}/result`,
      `/api/public/tenants/${tenant.slug}/scoreboard`,
    ]) {
      checked(await call(t.app, looker.cookie(), { method: 'GET', url }), url);
    }
    // Not even the watched team's own position comes back to a phone: only staff read fixes.
    checked(await watched.req('GET', `/games/${watched.gameId}`), 'own state');
    const phone = await openEventStream(
      `${base}/api/play/${tenant.slug}/games/${looker.gameId}/live/stream`,
      { cookie: looker.cookie() },
    );
    readers.push(phone);
    await phone.waitFor((e) => e.event === 'game');
    await watched.fix({ ...SECRET, taken_at: iso(T0 + 5_000) });
    clock.advance(LIVE_PUSH_INTERVAL_MS);
    await t.app.live.games.idle();
    for (const event of phone.events)
      for (const text of SECRET_TEXT) expect(event.data).not.toContain(text);
  });

  it("puts a team's fixes in its export and removes them with its erasure", async () => {
    clock.set(T0);
    const team = await playing('esportata@example.org');
    await team.share('shared');
    await team.fix({ lat: 41.91, lng: 12.47 });
    clock.advance(10_000);
    await team.fix({ lat: 41.92, lng: 12.46 });
    expect(await newestOf(team.gameId)).toMatchObject({ lat: 41.92 });
    const [registration] = await db()
      .select()
      .from(teamRegistrations)
      .where(
        and(
          eq(teamRegistrations.tenant_id, tenant.tenant.id),
          eq(teamRegistrations.email, 'esportata@example.org'),
        ),
      );
    const teamUrl = `/api/tenants/${tenant.slug}/players/${registration!.id}`;
    const exported = await call(t.app, adminCookie, { method: 'GET', url: `${teamUrl}/export` });
    expect(exported.statusCode, exported.body).toBe(200);
    expect(exported.headers['content-disposition']).toMatch(/^attachment/);
    const body = exported.json<TeamExport>();
    expect(body.team_name).toBe('esportata@example.org');
    expect(body.fixes).toMatchObject([
      { game_id: team.gameId, lat: 41.91, lng: 12.47, taken_at: iso(T0) },
      { game_id: team.gameId, lat: 41.92, lng: 12.46, taken_at: iso(T0 + 10_000) },
    ]);
    // Game managers read the detail, but the export (personal data whole) is the admins'.
    const byManager = await tenant.api('GET', `/players/${registration!.id}/export`);
    expect(byManager.statusCode).toBe(403);
    expect(
      (await tenant.api('GET', `/players/${registration!.id}`)).json<TenantTeamDetail>(),
    ).not.toHaveProperty('fixes');
    // Another tenant's admins do not find the team.
    const otherAdmin = await makeUser(t.database.db, {
      role: 'tenant_admin',
      tenantId: other.tenant.id,
    });
    const foreign = await call(t.app, await signIn(t.app, otherAdmin.email, otherAdmin.password), {
      method: 'GET',
      url: `/api/tenants/${other.slug}/players/${registration!.id}/export`,
    });
    expect(foreign.statusCode).toBe(404);

    const erased = await call(t.app, adminCookie, { method: 'DELETE', url: teamUrl });
    expect(erased.statusCode, erased.body).toBe(200);
    expect(erased.json<TeamErasure>()).toMatchObject({ games: 1, fixes: 2 });
    expect(await fixesOf(team.gameId)).toEqual([]);
    expect(await newestOf(team.gameId)).toBeNull();
  });

  it('deletes fixes past the retention, also after a server was off, and keeps per-step counts', async () => {
    clock.set(T0);
    const team = await playing('trattenuta@example.org');
    await team.share('shared');
    const { steps } = await team.state();
    expect((await team.fix({ lat: 41.93, lng: 12.45 })).statusCode).toBe(204);
    clock.advance(1);
    await team.submit(steps[0]!.id, { answer: 'uno', position: { ...TREVI, accuracy_m: 3 } });
    // Set, not advanced: no timer runs a whole day of passes meanwhile.
    clock.set(T0 + 1 + DAY_MS);
    expect((await team.fix({ lat: 41.94, lng: 12.44 })).statusCode).toBe(204);
    expect(await fixesOf(team.gameId)).toHaveLength(3);
    const route = await db()
      .select({ id: routes.id })
      .from(routes)
      .where(and(eq(routes.tenant_id, tenant.tenant.id), eq(routes.slug, SHARING.id)));
    /** The count kept for the first step on the first day. */
    const counted = async () => {
      const rows = await db()
        .select()
        .from(routeFixAggregates)
        .where(
          and(
            eq(routeFixAggregates.route_id, route[0]!.id),
            eq(routeFixAggregates.step_id, steps[0]!.id),
            eq(routeFixAggregates.day, '2026-11-30'),
          ),
        );
      expect(rows.length).toBeLessThanOrEqual(1);
      return rows[0]?.fixes ?? 0;
    };
    const allFixes = () =>
      db().select().from(gameFixes).where(eq(gameFixes.tenant_id, tenant.tenant.id));

    // 30 days after the first two fixes, to the millisecond, they are still within the retention.
    clock.set(T0 + 30 * DAY_MS);
    await t.app.fixRetention.runNow();
    expect(await fixesOf(team.gameId)).toHaveLength(3);
    const before = await counted();
    const due = (await allFixes()).filter(
      (f) => f.received_at.getTime() <= T0 + 1 && f.step_id === steps[0]!.id,
    );
    expect(due.length).toBeGreaterThanOrEqual(2);
    clock.set(T0 + 30 * DAY_MS + 2);
    await t.app.fixRetention.runNow();
    expect((await fixesOf(team.gameId)).map((f) => f.lat)).toEqual([41.94]);
    expect(await newestOf(team.gameId)).toMatchObject({ lat: 41.94 });
    expect((await counted()) - before).toBe(due.length);
    // No fix older than the retention is left, of any team of the tenant.
    expect((await allFixes()).filter((f) => f.received_at.getTime() <= T0 + 1)).toEqual([]);

    // A tenant that keeps nothing: a server started later deletes everything at once.
    await db()
      .update(tenants)
      .set({ location_retention_days: 0 })
      .where(eq(tenants.id, tenant.tenant.id));
    const restarted = await createTestApp({ clock, database: t.database });
    try {
      await restarted.app.fixRetention.idle();
      expect(await fixesOf(team.gameId)).toEqual([]);
      // The console's newest went with its fix.
      expect(await newestOf(team.gameId)).toBeNull();
    } finally {
      await restarted.close();
      await db()
        .update(tenants)
        .set({ location_retention_days: 30 })
        .where(eq(tenants.id, tenant.tenant.id));
    }
  });

  /** A game manager's session cookie, for a console stream. */
  async function signInManager() {
    const manager = await makeUser(t.database.db, {
      role: 'game_manager',
      tenantId: tenant.tenant.id,
    });
    return { cookie: await signIn(t.app, manager.email, manager.password) };
  }
});
