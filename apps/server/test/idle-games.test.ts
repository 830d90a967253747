import { randomUUID } from 'node:crypto';
import { GAME_IDLE_PAUSE_MS } from '@tappa/domain';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { games, routes } from '../src/db/schema';
import { importRoute } from '../src/modules/routes/routes.service';
import { createTestApp, type TestApp } from './helpers/app';
import { rawDb, TEST_DB } from './helpers/database';
import { call, cookieHeader, makeTenant, sampleRouteText } from './helpers/factories';
import { ManualClock } from './helpers/manual-clock';
import { multipart } from './helpers/multipart';

const T0 = Date.parse('2026-11-22T10:00:00Z');
const MINUTE = 60_000;
const ROUTE = 'roma-centro-storico';
const TREVI = { lat: 41.900932, lng: 12.483313, accuracy_m: 5 };

interface PausedGameBody {
  id: string;
  route_slug: string;
  step_number: number;
  paused_at: string | null;
}

describe(`a game without contact for 15 minutes counts as paused, on ${TEST_DB}`, () => {
  let t: TestApp;
  const clock = new ManualClock(T0);
  let slug: string;
  let teams = 0;

  beforeAll(async () => {
    t = await createTestApp({ clock });
    const tenant = await makeTenant(t.database.db);
    slug = tenant.slug;
    const scope = { kind: 'tenant', tenantId: tenant.id, slug, role: 'superadmin' } as const;
    await importRoute(t.database.db, scope, await sampleRouteText());
  });
  afterAll(() => t.close());

  /** A phone of a new team that registered and started the route at the clock's time. */
  async function startTeam() {
    teams += 1;
    const email = `idle${teams}@example.org`;
    let cookie = '';
    const req = async (method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) => {
      const boundary = 'idle-boundary';
      const isForm = method === 'PUT';
      const res = await call(t.app, cookie || null, {
        method,
        url: `/api/play/${slug}${url}`,
        remoteAddress: `10.40.${teams}.1`,
        headers: isForm ? { 'content-type': `multipart/form-data; boundary=${boundary}` } : {},
        ...(payload === undefined
          ? {}
          : {
              payload: isForm
                ? `--${boundary}\r\nContent-Disposition: form-data; name="data"\r\n\r\n${JSON.stringify(payload)}\r\n--${boundary}--\r\n`
                : (payload as object),
            }),
      });
      const set = cookieHeader(res.headers['set-cookie']);
      if (set) cookie = set;
      return res;
    };
    await req('POST', '/identify', { email });
    expect(
      (await req('PUT', '/registration', { team_name: email, team_members: null })).statusCode,
    ).toBe(200);
    const start = await req('POST', `/routes/${ROUTE}/start`);
    expect(start.statusCode).toBe(200);
    const gameId = start.json<{ game_id: string }>().game_id;
    const stepIds = async () =>
      (await req('GET', `/games/${gameId}`))
        .json<{ steps: { id: string }[] }>()
        .steps.map((s) => s.id);
    return {
      gameId,
      req,
      stepIds,
      paused: async () =>
        (await req('GET', '/me')).json<{ paused_games: PausedGameBody[] }>().paused_games,
      submit: (stepId: string, answer: string) =>
        req('POST', `/games/${gameId}/steps/${stepId}/submit`, {
          submission_id: randomUUID(),
          position: TREVI,
          heading_deg: null,
          answer,
        }),
      photo: async (stepId: string) => {
        const file = await sharp({
          create: { width: 8, height: 8, channels: 3, background: '#336699' },
        })
          .jpeg()
          .toBuffer();
        const form = multipart([
          { name: 'photo', file, filename: 'p.jpg', contentType: 'image/jpeg' },
        ]);
        return call(t.app, cookie, {
          method: 'POST',
          url: `/api/play/${slug}/games/${gameId}/steps/${stepId}/photo`,
          remoteAddress: `10.40.${teams}.1`,
          ...form,
        });
      },
      skip: (stepId: string) =>
        req('POST', `/games/${gameId}/steps/${stepId}/skip`, { submission_id: randomUUID() }),
      status: async () =>
        (await rawDb(t.database.db).select().from(games).where(eq(games.id, gameId)))[0]?.status,
    };
  }

  it('lists a started game under the paused games after 15 minutes without contact, not before', async () => {
    clock.set(T0);
    const team = await startTeam();
    clock.set(T0 + GAME_IDLE_PAUSE_MS - 1);
    expect(await team.paused()).toEqual([]);
    clock.set(T0 + GAME_IDLE_PAUSE_MS);
    expect(await team.paused()).toEqual([
      expect.objectContaining({
        id: team.gameId,
        route_slug: ROUTE,
        step_number: 1,
        // The time it stopped is its last contact: the start.
        paused_at: new Date(T0).toISOString(),
      }),
    ]);
    // Only counted, not written: the stored game is still active.
    expect(await team.status()).toBe('active');
  });

  it('counts every kind of contact: opening the game, a wrong try, a right one, a skip, a photo', async () => {
    clock.set(T0);
    const team = await startTeam();
    const [first, second, , photoStep] = await team.stepIds(); // opening the game at T0
    let last = T0;
    const contacts: [string, () => Promise<unknown>][] = [
      ['opening the game screen', () => team.req('GET', `/games/${team.gameId}`)],
      ['a wrong try', () => team.submit(first!, 'sbagliata')],
      ['a right try', () => team.submit(first!, '1762')],
      ['a skip', () => team.skip(second!)],
      ['a photo', () => team.photo(photoStep!)],
    ];
    for (const [what, contact] of contacts) {
      clock.set(last + GAME_IDLE_PAUSE_MS - MINUTE);
      expect(await team.paused(), `just before ${what}`).toEqual([]);
      const res = (await contact()) as { statusCode: number };
      expect(res.statusCode, what).toBe(200);
      last = clock.nowMs();
      clock.set(last + GAME_IDLE_PAUSE_MS - 1);
      expect(await team.paused(), `just after ${what}`).toEqual([]);
      clock.set(last + GAME_IDLE_PAUSE_MS);
      expect(await team.paused(), `15 minutes after ${what}`).toEqual([
        expect.objectContaining({ id: team.gameId, paused_at: new Date(last).toISOString() }),
      ]);
    }
  });

  it("resumes an idle game with 'Riprendi' and with the route's start, the same game", async () => {
    clock.set(T0);
    const team = await startTeam();
    clock.set(T0 + 20 * MINUTE);
    expect((await team.paused()).map((g) => g.id)).toEqual([team.gameId]);
    const resumed = await team.req('POST', `/games/${team.gameId}/resume`);
    expect(resumed.statusCode).toBe(200);
    expect(resumed.json()).toMatchObject({ next: 'play', game_id: team.gameId, route_slug: ROUTE });
    expect(await team.paused()).toEqual([]);
    expect(await team.status()).toBe('active');

    clock.set(T0 + 40 * MINUTE);
    expect((await team.paused()).map((g) => g.id)).toEqual([team.gameId]);
    const again = await team.req('POST', `/routes/${ROUTE}/start`);
    expect(again.json()).toMatchObject({ next: 'play', game_id: team.gameId });
    expect(await team.paused()).toEqual([]);
    const own = await rawDb(t.database.db).select().from(games).where(eq(games.id, team.gameId));
    expect(own).toHaveLength(1);
  });

  it('keeps a stopped game listed with its pause time however long it waits, never a completed one', async () => {
    clock.set(T0);
    const team = await startTeam();
    expect((await team.req('POST', `/games/${team.gameId}/pause`)).statusCode).toBe(204);
    expect(await team.paused()).toEqual([
      expect.objectContaining({ id: team.gameId, paused_at: new Date(T0).toISOString() }),
    ]);
    clock.set(T0 + 5 * GAME_IDLE_PAUSE_MS);
    expect((await team.paused()).map((g) => g.id)).toEqual([team.gameId]);
    await rawDb(t.database.db)
      .update(games)
      .set({ status: 'completed' })
      .where(eq(games.id, team.gameId));
    expect(await team.paused()).toEqual([]);
  });

  it('refuses a late pause (sent from the offline queue) of a game no longer active, changing nothing', async () => {
    clock.set(T0);
    const team = await startTeam();
    const pause = () => team.req('POST', `/games/${team.gameId}/pause`);
    expect((await pause()).statusCode).toBe(204);
    clock.set(T0 + MINUTE);
    // Sent again (decision 0056): the first pause's time stays.
    expect((await pause()).json()).toMatchObject({ error: { code: 'game_not_found' } });
    expect(await team.paused()).toEqual([
      expect.objectContaining({ id: team.gameId, paused_at: new Date(T0).toISOString() }),
    ]);
    await rawDb(t.database.db)
      .update(games)
      .set({ status: 'completed' })
      .where(eq(games.id, team.gameId));
    expect((await pause()).statusCode).toBe(404);
    expect(await team.status()).toBe('completed');
  });

  it('leaves the time limit counting from the creation of the game, idle time included', async () => {
    clock.set(T0);
    await rawDb(t.database.db)
      .update(routes)
      .set({ time_limit_enabled: true, time_limit_hours: 1, time_limit_minutes: 0 })
      .where(eq(routes.slug, ROUTE));
    try {
      const team = await startTeam();
      const [first, second] = await team.stepIds();
      clock.set(T0 + 40 * MINUTE);
      expect((await team.paused()).map((g) => g.id)).toEqual([team.gameId]);
      expect((await team.req('POST', `/games/${team.gameId}/resume`)).statusCode).toBe(200);
      const state = (await team.req('GET', `/games/${team.gameId}`)).json<{
        created_at: string;
        route: { time_limit_ms: number | null };
      }>();
      expect(state.created_at).toBe(new Date(T0).toISOString());
      expect(state.route.time_limit_ms).toBe(60 * MINUTE);
      expect((await team.submit(first!, '1762')).json()).toMatchObject({ outcome: 'correct' });

      // Idle again until past the hour: the next try ends the game, score kept.
      clock.set(T0 + 60 * MINUTE);
      expect((await team.paused()).map((g) => g.id)).toEqual([team.gameId]);
      const late = (await team.submit(second!, 'Adriano')).json<{
        outcome: string;
        total_score: number;
      }>();
      expect(late).toMatchObject({ outcome: 'time_up', completed: true });
      expect(await team.status()).toBe('completed');
      expect(await team.paused()).toEqual([]);
    } finally {
      await rawDb(t.database.db)
        .update(routes)
        .set({ time_limit_enabled: false })
        .where(eq(routes.slug, ROUTE));
    }
  });
});
