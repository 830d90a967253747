import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { games, idempotencyKeys, liveHeartbeat, routes } from '../src/db/schema';
import { importRoute } from '../src/modules/routes/routes.service';
import { createTestApp, type TestApp } from './helpers/app';
import { ManualClock } from './helpers/manual-clock';
import { rawDb, TEST_DB } from './helpers/database';
import { call, cookieHeader, makeTenant } from './helpers/factories';

const T0 = Date.parse('2026-11-22T10:00:00Z');
const step = (place: string, answer: string) => ({
  place,
  lat: 41.9,
  lng: 12.48,
  radius_m: 50,
  task: `${place}?`,
  check_type: 'text',
  check_answer: answer,
});

/** Exploration routes (decision 0038): walked in order, ended by the last answer or by 'Next'. */
describe(`exploration routes on ${TEST_DB}`, () => {
  let t: TestApp;
  const clock = new ManualClock(T0);
  let slug: string;

  beforeAll(async () => {
    t = await createTestApp({ clock });
    const tenant = await makeTenant(t.database.db);
    slug = tenant.slug;
    const scope = { kind: 'tenant', tenantId: tenant.id, slug, role: 'superadmin' } as const;
    for (const id of ['giro-libero', 'giro-a-punti']) {
      const steps = [step('Uno', 'uno'), step('Due', 'due'), step('Tre', 'tre')];
      await importRoute(t.database.db, scope, JSON.stringify({ id, title: id, steps }));
    }
    await rawDb(t.database.db)
      .update(routes)
      .set({ route_type: 'exploration', geolocation_enabled: false })
      .where(eq(routes.slug, 'giro-libero'));
    await rawDb(t.database.db)
      .update(routes)
      .set({ geolocation_enabled: false })
      .where(eq(routes.slug, 'giro-a-punti'));
  });
  afterAll(() => t.close());

  /** A registered team that started `routeSlug`. */
  async function startTeam(email: string, routeSlug: string) {
    let cookie = '';
    const req = async (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) => {
      const res = await call(t.app, cookie || null, {
        method,
        url: `/api/play/${slug}${url}`,
        remoteAddress: `10.40.${email.length}.${email.charCodeAt(0)}`,
        ...(payload === undefined ? {} : { payload }),
      });
      const set = cookieHeader(res.headers['set-cookie']);
      if (set) cookie = set;
      return res;
    };
    await req('POST', '/identify', { email });
    const b = 'bnd';
    await call(t.app, cookie, {
      method: 'PUT',
      url: `/api/play/${slug}/registration`,
      headers: { 'content-type': `multipart/form-data; boundary=${b}` },
      payload: `--${b}\r\nContent-Disposition: form-data; name="data"\r\n\r\n{"team_name":"${email}","team_members":null}\r\n--${b}--\r\n`,
    });
    const { game_id: gameId } = (await req('POST', `/routes/${routeSlug}/start`)).json<{
      game_id: string;
    }>();
    const { steps } = (await req('GET', `/games/${gameId}`)).json<{ steps: { id: string }[] }>();
    const submit = (stepId: string, answer: string) =>
      req('POST', `/games/${gameId}/steps/${stepId}/submit`, {
        submission_id: randomUUID(),
        answer,
        position: null,
        heading_deg: null,
      });
    const finish = (submissionId = randomUUID()) =>
      req('POST', `/games/${gameId}/finish`, { submission_id: submissionId });
    const game = async () =>
      (await rawDb(t.database.db).select().from(games).where(eq(games.id, gameId)))[0];
    return { gameId, steps, req, submit, finish, game };
  }

  it('moves on in order and ends with the answer of the last step, whatever was left out', async () => {
    const team = await startTeam('walk@x.it', 'giro-libero');
    const [uno, , tre] = team.steps;
    expect((await team.submit(uno!.id, 'uno')).json()).toMatchObject({
      outcome: 'correct',
      points: 0,
      current_step_index: 1,
      completed: false,
    });
    // Step two is left unanswered (Next moves on without a record): the last answer ends it all.
    expect((await team.submit(tre!.id, 'tre')).json()).toMatchObject({
      outcome: 'correct',
      current_step_index: 2,
      completed: true,
    });
    expect(await team.game()).toMatchObject({ status: 'completed', total_score: 0 });
  });

  it("finishes with 'Next' on the last step, once per submission id, and again harmlessly", async () => {
    clock.set(T0 + 5_000);
    const team = await startTeam('next@x.it', 'giro-libero');
    const id = randomUUID();
    const first = await team.finish(id);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({
      outcome: 'finished',
      reason: null,
      points: 0,
      total_score: 0,
      current_step_index: 2,
      completed: true,
    });
    const finished = await team.game();
    expect(finished).toMatchObject({ status: 'completed', current_step_index: 2 });
    expect(finished?.finished_at?.getTime()).toBe(T0 + 5_000);
    const [row] = await rawDb(t.database.db)
      .select()
      .from(liveHeartbeat)
      .where(eq(liveHeartbeat.email, 'next@x.it'));
    expect(row).toMatchObject({ progress: 0, total: 3 });

    // The resend after a lost answer, and a second phone's own 'Next': same answer, no new end.
    clock.set(T0 + 60_000);
    expect((await team.finish(id)).json()).toEqual(first.json());
    expect((await team.finish()).json()).toEqual(first.json());
    expect((await team.game())?.finished_at?.getTime()).toBe(T0 + 5_000);
    // A try after the end is refused as before.
    const late = await team.submit(team.steps[0]!.id, 'uno');
    expect(late.json()).toMatchObject({ error: { code: 'game_over' } });
  });

  it('refuses to finish a progressive route, and changes nothing', async () => {
    const team = await startTeam('points@x.it', 'giro-a-punti');
    const id = randomUUID();
    const res = await team.finish(id);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ error: { code: 'finish_not_allowed' } });
    expect(await team.game()).toMatchObject({ status: 'active', finished_at: null });
    const kept = await rawDb(t.database.db)
      .select()
      .from(idempotencyKeys)
      .where(eq(idempotencyKeys.key, id));
    expect(kept).toEqual([]);
  });

  it('reopens a step a progressive game left behind after its last step, and only then', async () => {
    const team = await startTeam('behind@x.it', 'giro-a-punti');
    const [uno, due, tre] = team.steps;
    // A game that jumped ahead before tries were held to the current step (decision 0059):
    // step 1 still pending, the game at step 2.
    await rawDb(t.database.db)
      .update(games)
      .set({ current_step_index: 1 })
      .where(eq(games.id, team.gameId));
    expect((await team.submit(uno!.id, 'uno')).json()).toMatchObject({
      error: { code: 'step_not_current', params: { step_number: 2 } },
    });
    await team.req('POST', `/games/${team.gameId}/steps/${due!.id}/skip`, {
      submission_id: randomUUID(),
    });
    // After the last step the game goes back to the first one left pending.
    expect((await team.submit(tre!.id, 'tre')).json()).toMatchObject({
      current_step_index: 0,
      completed: false,
    });
    expect((await team.submit(uno!.id, 'uno')).json()).toMatchObject({ completed: true });
  });

  it("keeps another team out of a game's end", async () => {
    const owner = await startTeam('mine@x.it', 'giro-libero');
    const other = await startTeam('yours@x.it', 'giro-libero');
    const res = await other.req('POST', `/games/${owner.gameId}/finish`, {
      submission_id: randomUUID(),
    });
    expect(res.statusCode).toBe(404);
    expect(await owner.game()).toMatchObject({ status: 'active' });
  });
});
