import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { type Rankings, SCOREBOARD_ROWS_MAX } from '@tappa/contracts';
import {
  ROUTE_TITLE_MAX_LENGTH,
  SLUG_MAX_LENGTH,
  TASK_MAX_LENGTH,
  TEAM_MEMBERS_MAX_LENGTH,
  TEAM_NAME_MAX_LENGTH,
} from '@tappa/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { liveHeartbeat } from '../src/db/schema';
import { RANKINGS_PUSH_INTERVAL_MS } from '../src/modules/scoreboards/rankings-hub';
import { createTestApp, type TestApp } from './helpers/app';
import { rawDb, TEST_DB } from './helpers/database';
import { call, cookieHeader, makeTenant, makeUser, signIn } from './helpers/factories';
import { ManualClock } from './helpers/manual-clock';
import { multipart } from './helpers/multipart';

const T0 = Date.parse('2026-11-22T10:00:00Z');
const TREVI = { lat: 41.900932, lng: 12.483313, accuracy_m: 5 };
const ROUTE = 'roma-centro-storico';
const fixture = async () =>
  JSON.parse(
    await readFile(
      new URL('../../../packages/domain/src/fixtures/route-roma-centro.json', import.meta.url),
      'utf8',
    ),
  ) as { steps: Record<string, unknown>[] };

/**
 * The largest rankings payload the limits allow, in bytes: both lists full, every team name and
 * the route's slug and title at their limits in characters JSON writes as `\uXXXX` (6 bytes per
 * UTF-16 unit, the worst case), and 256 bytes for the keys, numbers and dates of a row and of
 * the envelope.
 */
const RANKINGS_MAX_BYTES =
  256 +
  6 * (SLUG_MAX_LENGTH + ROUTE_TITLE_MAX_LENGTH) +
  2 * SCOREBOARD_ROWS_MAX * (256 + 6 * TEAM_NAME_MAX_LENGTH);

describe(`text limits on ${TEST_DB}`, () => {
  let t: TestApp;
  const clock = new ManualClock(T0);
  let tenant: { id: string; slug: string };
  let staff: string;

  beforeAll(async () => {
    t = await createTestApp({ clock });
    tenant = await makeTenant(t.database.db);
    const manager = await makeUser(t.database.db, { role: 'game_manager', tenantId: tenant.id });
    staff = await signIn(t.app, manager.email, manager.password);
    const imported = await call(t.app, staff, {
      method: 'POST',
      url: `/api/tenants/${tenant.slug}/routes/import`,
      payload: { json: JSON.stringify(await fixture()) },
    });
    expect(imported.statusCode).toBe(200);
  });
  afterAll(() => t.close());

  /** A team's player API, its cookie kept between calls. */
  function player(remoteAddress: string) {
    let cookie = '';
    const request = async (
      method: 'GET' | 'POST' | 'PUT',
      url: string,
      payload?: object,
      headers?: Record<string, string>,
    ) => {
      const res = await call(t.app, cookie || null, {
        method,
        url: `/api/play/${tenant.slug}${url}`,
        remoteAddress,
        ...(payload === undefined ? {} : { payload }),
        ...(headers ? { headers } : {}),
      });
      const set = cookieHeader(res.headers['set-cookie']);
      if (set) cookie = set;
      return res;
    };
    const register = (data: { team_name: string; team_members: string | null }) => {
      const body = multipart([{ name: 'data', json: data }]);
      return request('PUT', '/registration', body.payload, body.headers);
    };
    return { request, register };
  }

  it('refuses a team name of a million characters and keeps the registration', async () => {
    const team = player('10.61.0.1');
    await team.request('POST', '/identify', { email: 'lunghi@example.org' });
    expect((await team.register({ team_name: 'I Lupi', team_members: null })).statusCode).toBe(200);

    for (const data of [
      { team_name: 'x'.repeat(1_000_000), team_members: null },
      { team_name: 'x'.repeat(TEAM_NAME_MAX_LENGTH + 1), team_members: null },
      { team_name: 'I Lupi', team_members: 'x'.repeat(TEAM_MEMBERS_MAX_LENGTH + 1) },
    ]) {
      const res = await team.register(data);
      expect(res.statusCode).toBe(400);
      expect(res.body.length).toBeLessThan(1000);
      expect(res.json<{ error: unknown }>().error).toMatchObject({
        code: 'validation_failed',
        params: { fields: data.team_name === 'I Lupi' ? 'team_members' : 'team_name' },
      });
    }
    const me = await team.request('GET', '/me');
    expect(me.json()).toMatchObject({
      registration: { team_name: 'I Lupi', team_members: null },
    });
  });

  it('keeps the rankings of teams at the maximum lengths within the computed bound', async () => {
    clock.set(T0);
    const name = '€'.repeat(TEAM_NAME_MAX_LENGTH);
    const team = player('10.61.0.2');
    await team.request('POST', '/identify', { email: 'massimo@example.org' });
    const saved = await team.register({
      team_name: name,
      team_members: 'm'.repeat(TEAM_MEMBERS_MAX_LENGTH),
    });
    expect(saved.statusCode).toBe(200);
    const start = await team.request('POST', `/routes/${ROUTE}/start`);
    const gameId = start.json<{ game_id: string }>().game_id;
    const state = (await team.request('GET', `/games/${gameId}`)).json<{
      steps: { id: string }[];
    }>();
    const tried = await team.request(
      'POST',
      `/games/${gameId}/steps/${state.steps[0]!.id}/submit`,
      {
        submission_id: randomUUID(),
        answer: '1762',
        position: TREVI,
        heading_deg: null,
      },
    );
    expect(tried.json()).toMatchObject({ outcome: 'correct' });

    // Fill both lists, above the team, with the worst names the limit lets through (stored past
    // the API).
    const { route_id: routeId } = (await rawDb(t.database.db).select().from(liveHeartbeat))[0]!;
    await rawDb(t.database.db)
      .insert(liveHeartbeat)
      .values(
        Array.from({ length: SCOREBOARD_ROWS_MAX - 1 }, (_, i) => ({
          tenant_id: tenant.id,
          route_id: routeId,
          team_name: '\u0001'.repeat(TEAM_NAME_MAX_LENGTH),
          email: `filler${i}@example.org`,
          score: 1_000_000 + i,
          progress: 1,
          total: 6,
          last_seen: new Date(T0),
        })),
      );
    clock.advance(RANKINGS_PUSH_INTERVAL_MS);
    await t.app.scoreboards.hub.idle();

    const res = await t.app.inject({
      method: 'GET',
      url: `/api/public/tenants/${tenant.slug}/scoreboard?route=${ROUTE}`,
    });
    expect(res.statusCode).toBe(200);
    const rankings = res.json<Rankings>();
    expect(rankings.overall).toHaveLength(SCOREBOARD_ROWS_MAX);
    expect(rankings.today).toHaveLength(SCOREBOARD_ROWS_MAX);
    expect(rankings.overall.at(-1)!.team_name).toBe(name);
    expect(Buffer.byteLength(res.body)).toBeGreaterThan(RANKINGS_MAX_BYTES / 2);
    expect(Buffer.byteLength(res.body)).toBeLessThanOrEqual(RANKINGS_MAX_BYTES);
  });

  it('refuses a route import or a step list with an over-long step text and changes nothing', async () => {
    const api = (method: 'GET' | 'POST' | 'PUT', path: string, payload?: object) =>
      call(t.app, staff, {
        method,
        url: `/api/tenants/${tenant.slug}${path}`,
        ...(payload === undefined ? {} : { payload }),
      });
    const { routes } = (await api('GET', '/routes')).json<{ routes: { id: string }[] }>();
    const routeId = routes[0]!.id;
    const before = (await api('GET', `/routes/${routeId}/export`)).body;

    const doc = await fixture();
    doc.steps[1] = { ...doc.steps[1], task: 'x'.repeat(1_000_000) };
    for (const [method, path] of [
      ['POST', '/routes/import'],
      ['PUT', `/routes/${routeId}/json`],
    ] as const) {
      const res = await api(method, path, { json: JSON.stringify(doc) });
      expect(res.statusCode).toBe(400);
      expect(res.body.length).toBeLessThan(1000);
      expect(res.json<{ error: unknown }>().error).toMatchObject({
        code: 'route_json_invalid',
        params: {
          issue: 'step_text_too_long',
          step: 2,
          place: 'Pantheon',
          path: 'task',
          max: TASK_MAX_LENGTH,
        },
      });
    }
    const steps = await api('PUT', `/routes/${routeId}/steps`, { steps: doc.steps });
    expect(steps.statusCode).toBe(400);
    expect(steps.json<{ error: unknown }>().error).toMatchObject({
      code: 'route_json_invalid',
      params: { issue: 'step_text_too_long', path: 'task' },
    });

    expect((await api('GET', '/routes')).json<{ routes: unknown[] }>().routes).toHaveLength(1);
    expect((await api('GET', `/routes/${routeId}/export`)).body).toBe(before);
  });
});
