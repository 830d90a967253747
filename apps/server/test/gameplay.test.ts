import { randomUUID } from 'node:crypto';
import type { ErrorBody } from '@tappa/contracts';
import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { games, gameSteps, liveHeartbeat, mediaFiles } from '../src/db/schema';
import { readTry } from '../src/modules/games/try/try-read.repository';
import { recordWrongTry, saveReply, writeTry } from '../src/modules/games/try/try-write.repository';
import { importRoute } from '../src/modules/routes/routes.service';
import { createTestApp, type TestApp } from './helpers/app';
import { ManualClock } from './helpers/manual-clock';
import { rawDb, TEST_DB } from './helpers/database';
import { call, makeTenant, makeUser, signIn, sampleRouteText } from './helpers/factories';
import { fingerprint } from './helpers/fingerprint';
import { multipart } from './helpers/multipart';
import { startTeam as startPlayingTeam, TREVI } from './helpers/team';

const T0 = Date.parse('2026-11-22T10:00:00Z');

describe(`gameplay decided by the server on ${TEST_DB}`, () => {
  let t: TestApp;
  const clock = new ManualClock(T0);
  let slug: string;
  let scope: { kind: 'tenant'; tenantId: string; slug: string; role: 'superadmin' };

  beforeAll(async () => {
    t = await createTestApp({ clock });
    const tenant = await makeTenant(t.database.db);
    slug = tenant.slug;
    scope = { kind: 'tenant', tenantId: tenant.id, slug, role: 'superadmin' };
    await importRoute(t.database.db, scope, await sampleRouteText());
  });
  afterAll(() => t.close());

  /** A team that registered and started `routeSlug`; returns its API helpers. */
  const startTeam = (email: string, routeSlug?: string, teamName?: string) =>
    startPlayingTeam(t.app, { slug, email, routeSlug, teamName });

  it('never sends an answer to the team, and starts the clock of the current step', async () => {
    clock.set(T0);
    const team = await startTeam('clock@x.it');
    const res = await team.req('GET', `/games/${team.gameId}`);
    // Ids left out: a random UUID may hold '1762' (it once did, in CI).
    const withoutIds = res.body.replace(/[0-9a-f]{8}(-[0-9a-f]{4}){3}-[0-9a-f]{12}/g, '<id>');
    expect(withoutIds).not.toMatch(
      /check_answer|1762|GATTI42X|NAVONA-4FIUMI|Milite Ignoto\\"|orientation_deg/,
    );
    const state = res.json<{ steps: { requires_orientation: boolean }[] }>();
    expect(state.steps.map((s) => s.requires_orientation)).toEqual([
      false,
      false,
      false,
      true,
      false,
      true,
    ]);
    const [first] = await rawDb(t.database.db)
      .select()
      .from(gameSteps)
      .where(and(eq(gameSteps.game_id, team.gameId), eq(gameSteps.status, 'pending')));
    expect(first).toBeDefined();
  });

  it('judges answers, distance and orientation, and scores by the fallback rule', async () => {
    clock.set(T0);
    const team = await startTeam('play@x.it');
    const { steps } = await team.state();
    const [trevi, pantheon] = steps;

    const wrong = await team.submit(trevi!.id, { answer: '1700' });
    expect(wrong.json()).toMatchObject({
      outcome: 'wrong',
      reason: { code: 'wrong_answer' },
      points: 0,
    });
    const far = await team.submit(trevi!.id, {
      answer: '1762',
      position: { lat: 41.9054, lng: 12.4833, accuracy_m: 5 },
    });
    const tooFar = far.json<{ outcome: string; reason: { code: string; radius_m: number } }>();
    expect(tooFar).toMatchObject({ outcome: 'wrong', reason: { code: 'too_far', radius_m: 60 } });
    expect(far.json<{ reason: { distance_m: number } }>().reason.distance_m).toBeGreaterThan(60);
    // From too far a wrong answer says the same: the distance never tells a right answer apart.
    const farAndWrong = await team.submit(trevi!.id, {
      answer: '1700',
      position: { lat: 41.9054, lng: 12.4833, accuracy_m: 5 },
    });
    expect(farAndWrong.json()).toMatchObject({ reason: { code: 'too_far', radius_m: 60 } });

    clock.set(T0 + 30_000);
    const right = await team.submit(trevi!.id, { answer: ' 1762 ' });
    // 5 base + 4 (within 60 s) + 1 (at the spot: under 15% of the radius).
    expect(right.json()).toMatchObject({
      outcome: 'correct',
      points: 10,
      total_score: 10,
      current_step_index: 1,
      completed: false,
    });
    const [stored] = await rawDb(t.database.db)
      .select()
      .from(gameSteps)
      .where(and(eq(gameSteps.game_id, team.gameId), eq(gameSteps.step_id, trevi!.id)));
    expect(stored).toMatchObject({ status: 'ok', attempts: 4, points: 10, distance_m: 0 });

    clock.set(T0 + 30_000 + 150_000);
    const choice = await team.submit(pantheon!.id, {
      answer: 'adriano',
      position: { lat: 41.898614, lng: 12.476869, accuracy_m: 3 },
    });
    // The Pantheon step started when Trevi was solved: 150 s later → +2.
    expect(choice.json()).toMatchObject({ outcome: 'correct', points: 8, total_score: 18 });
    const [heartbeat] = await rawDb(t.database.db)
      .select()
      .from(liveHeartbeat)
      .where(eq(liveHeartbeat.email, 'play@x.it'));
    expect(heartbeat).toMatchObject({ score: 18, progress: 2, total: 6 });
  });

  it('applies the same submission only once', async () => {
    clock.set(T0);
    const team = await startTeam('retry@x.it');
    const { steps } = await team.state();
    const body = {
      submission_id: randomUUID(),
      answer: '1762',
      position: TREVI,
      heading_deg: null,
    };
    const first = await team.req(
      'POST',
      `/games/${team.gameId}/steps/${steps[0]!.id}/submit`,
      body,
    );
    const again = await team.req(
      'POST',
      `/games/${team.gameId}/steps/${steps[0]!.id}/submit`,
      body,
    );
    expect(again.json()).toEqual(first.json());
    const [game] = await rawDb(t.database.db).select().from(games).where(eq(games.id, team.gameId));
    expect(game?.total_score).toBe(first.json<{ total_score: number }>().total_score);
  });

  it('refuses a try or a skip ahead of the current step, changing nothing; in turn both work', async () => {
    clock.set(T0);
    const team = await startTeam('ahead@x.it');
    const { steps } = await team.state();
    const pantheon = {
      answer: 'adriano',
      position: { lat: 41.898614, lng: 12.476869, accuracy_m: 3 },
    };
    const { skip } = team;
    const notCurrent = { code: 'step_not_current', params: { step_number: 1 } };
    const before = await fingerprint(t.database.db);
    // The team at step 1 sends step 2's right answer, and skips step 3: both refused.
    const ahead = await team.submit(steps[1]!.id, pantheon);
    expect(ahead.statusCode).toBe(409);
    expect(ahead.json<ErrorBody>().error).toMatchObject(notCurrent);
    const skipped = await skip(steps[2]!.id);
    expect(skipped.statusCode).toBe(409);
    expect(skipped.json<ErrorBody>().error).toMatchObject(notCurrent);
    expect(await fingerprint(t.database.db)).toBe(before);

    expect((await team.submit(steps[0]!.id, { answer: '1762' })).json()).toMatchObject({
      outcome: 'correct',
      current_step_index: 1,
    });
    // Now step 3 is still ahead (of step 2), and step 1 is done.
    const stillAhead = await team.submit(steps[2]!.id, { answer: 'NAVONA-4FIUMI' });
    expect(stillAhead.json<ErrorBody>().error).toMatchObject({
      code: 'step_not_current',
      params: { step_number: 2 },
    });
    expect((await skip(steps[0]!.id)).json<ErrorBody>().error.code).toBe('step_done');
    expect((await team.submit(steps[1]!.id, pantheon)).json()).toMatchObject({
      outcome: 'correct',
      current_step_index: 2,
    });
    expect((await skip(steps[2]!.id)).json()).toMatchObject({
      outcome: 'skipped',
      current_step_index: 3,
    });
    const state = await team.state();
    expect(state.current_step_index).toBe(3);
  });

  it('takes a resent skip and a resent photo (an offline queue sending again) only once', async () => {
    clock.set(T0);
    const team = await startTeam('queue@x.it');
    const { steps } = await team.state();
    const skip = { submission_id: randomUUID() };
    const skipUrl = `/games/${team.gameId}/steps/${steps[0]!.id}/skip`;
    const skipped = await team.req('POST', skipUrl, skip);
    expect(skipped.statusCode).toBe(200);
    const skippedAgain = await team.req('POST', skipUrl, skip);
    expect(skippedAgain.json()).toEqual(skipped.json());
    expect((await team.state()).current_step_index).toBe(1);

    // The photo step (after two more skips): the same photo twice (the first answer lost),
    // then its try twice.
    for (const step of steps.slice(1, 3)) await team.skip(step.id);
    const photoStep = steps[3]!;
    const jpeg = await sharp({ create: { width: 32, height: 32, channels: 3, background: '#444' } })
      .jpeg()
      .toBuffer();
    const { payload: form, headers } = multipart([
      { name: 'photo', file: jpeg, filename: 'p.jpg', contentType: 'image/jpeg' },
    ]);
    const photoUrl = `/games/${team.gameId}/steps/${photoStep.id}/photo`;
    const upload = () => team.req('POST', photoUrl, form, headers);
    expect((await upload()).statusCode).toBe(200);
    expect((await upload()).statusCode).toBe(200);
    const tryBody = {
      submission_id: randomUUID(),
      position: { lat: 41.895652, lng: 12.472181, accuracy_m: 4 },
      heading_deg: 0,
      answer: null,
    };
    const tryUrl = `/games/${team.gameId}/steps/${photoStep.id}/submit`;
    const solved = await team.req('POST', tryUrl, tryBody);
    expect(solved.json()).toMatchObject({ outcome: 'correct' });
    expect((await team.req('POST', tryUrl, tryBody)).json()).toEqual(solved.json());
    // A photo arriving after its step was decided changes nothing.
    const late = await upload();
    expect(late.statusCode).toBe(409);
    expect(late.json<{ error: { code: string } }>().error.code).toBe('step_done');
    const [game] = await rawDb(t.database.db).select().from(games).where(eq(games.id, team.gameId));
    expect(game?.total_score).toBe(
      skipped.json<{ points: number }>().points + solved.json<{ points: number }>().points,
    );
  });

  it('checks the orientation on steps that need one, skips with the skip award, and completes', async () => {
    clock.set(T0);
    const team = await startTeam('compass@x.it');
    const { steps } = await team.state();
    const at = (i: number) => ({
      lat: [41.900932, 41.898614, 41.89897, 41.895652, 41.895466, 41.894573][i]!,
      lng: [12.483313, 12.476869, 12.473078, 12.472181, 12.476941, 12.483066][i]!,
      accuracy_m: 5,
    });
    for (const step of steps.slice(0, 3)) await team.skip(step.id);
    // Step 4 is a photo step facing north: without a photo the answer is wrong; skip it too.
    expect(
      (await team.submit(steps[3]!.id, { position: at(3), heading_deg: 0 })).json<{
        reason: unknown;
      }>().reason,
    ).toEqual({ code: 'wrong_answer' });
    await team.skip(steps[3]!.id);
    expect(
      (await team.submit(steps[4]!.id, { answer: 'GATTI42X', position: at(4) })).json(),
    ).toMatchObject({ outcome: 'correct' });
    const wrongWay = await team.submit(steps[5]!.id, {
      answer: ['milite ignoto', 'Quadrighe'],
      position: at(5),
      heading_deg: 270,
    });
    expect(wrongWay.json<{ reason: unknown }>().reason).toEqual({ code: 'wrong_orientation' });
    const last = await team.submit(steps[5]!.id, {
      answer: ['milite ignoto', 'Quadrighe'],
      position: at(5),
      heading_deg: 100,
    });
    expect(last.json()).toMatchObject({ outcome: 'correct', completed: true });
    const [game] = await rawDb(t.database.db).select().from(games).where(eq(games.id, team.gameId));
    expect(game).toMatchObject({ status: 'completed' });
    expect(game?.finished_at).not.toBeNull();
  });

  it('applies a configured scoring, and finishes a game whose time ran out', async () => {
    clock.set(T0);
    await importRoute(
      t.database.db,
      scope,
      JSON.stringify({
        id: 'a-tempo',
        title: 'A tempo',
        steps: [
          {
            place: 'Trevi',
            lat: 41.900932,
            lng: 12.483313,
            radius_m: 60,
            task: 'Anno?',
            check_type: 'text',
            check_answer: '1762',
            scoring: {
              attempt_award: { first_try: 10, second_try: 5, other_try: 1 },
              duration_award: { limit_ms: 60000, within_points: 5, over_points: 0 },
              combine: 'sum',
              cap: 12,
            },
          },
          {
            place: 'Pantheon',
            lat: 41.898614,
            lng: 12.476869,
            radius_m: 50,
            task: 'Chi?',
            check_type: 'text',
            check_answer: 'Adriano',
          },
        ],
      }),
    );
    const { routes } = await import('../src/db/schema');
    await rawDb(t.database.db)
      .update(routes)
      .set({ time_limit_enabled: true, time_limit_minutes: 1 })
      .where(eq(routes.slug, 'a-tempo'));
    const team = await startTeam('tempo@x.it', 'a-tempo');
    const { steps } = await team.state();
    await team.submit(steps[0]!.id, { answer: 'no' });
    clock.set(T0 + 20_000);
    // Second try (5) + within the minute (5) = 10, under the cap of 12.
    expect((await team.submit(steps[0]!.id, { answer: '1762' })).json()).toMatchObject({
      points: 10,
      total_score: 10,
    });
    clock.set(T0 + 61_000);
    const late = await team.submit(steps[1]!.id, {
      answer: 'Adriano',
      position: { lat: 41.898614, lng: 12.476869, accuracy_m: 1 },
    });
    expect(late.json()).toEqual({
      outcome: 'time_up',
      reason: { code: 'time_up', route_type: 'progressive' },
      points: 0,
      total_score: 10,
      current_step_index: 1,
      completed: true,
    });
    const [game] = await rawDb(t.database.db).select().from(games).where(eq(games.id, team.gameId));
    expect(game).toMatchObject({ status: 'completed', total_score: 10 });
  });

  it("keeps a team out of another team's game and limits wrong guesses", async () => {
    clock.set(T0);
    const a = await startTeam('owner@x.it');
    const b = await startTeam('intruder@x.it');
    const { steps } = await a.state();
    expect((await b.req('GET', `/games/${a.gameId}`)).statusCode).toBe(404);
    expect(
      (
        await b.req('POST', `/games/${a.gameId}/steps/${steps[0]!.id}/submit`, {
          submission_id: randomUUID(),
          answer: '1762',
          position: TREVI,
          heading_deg: null,
        })
      ).statusCode,
    ).toBe(404);
    const statuses: number[] = [];
    for (let i = 0; i < 11; i += 1)
      statuses.push((await a.submit(steps[0]!.id, { answer: `guess-${i}` })).statusCode);
    expect(statuses.slice(0, 10).every((s) => s === 200)).toBe(true);
    expect(statuses[10]).toBe(429);
  });

  it('holds the wrong-try limit against a burst of parallel guesses', async () => {
    clock.set(T0);
    const team = await startTeam('burst@x.it');
    const { steps } = await team.state();
    const trevi = steps[0]!.id;
    const burst = await Promise.all(
      Array.from({ length: 30 }, (_, i) => team.submit(trevi, { answer: `guess-${i}` })),
    );
    const judged = burst.filter((res) => res.statusCode === 200);
    expect(judged).toHaveLength(10);
    expect(burst.filter((res) => res.statusCode === 429)).toHaveLength(20);
    expect(judged.every((res) => res.json<{ outcome: string }>().outcome === 'wrong')).toBe(true);
    // The right answer hidden after the burst is not judged either, until a try is earned back.
    const hidden = await team.submit(trevi, { answer: '1762' });
    expect(hidden.json()).toMatchObject({
      error: { code: 'too_many_tries', params: { retry_after_s: 6 } },
    });
    expect(hidden.headers['retry-after']).toBe('6');
    clock.set(T0 + 60_000 / 10);
    expect((await team.submit(trevi, { answer: '1762' })).json()).toMatchObject({
      outcome: 'correct',
    });
    const [stored] = await rawDb(t.database.db)
      .select()
      .from(gameSteps)
      .where(and(eq(gameSteps.game_id, team.gameId), eq(gameSteps.step_id, trevi)));
    // Only judged tries count as attempts: ten wrong ones and the right one.
    expect(stored?.attempts).toBe(11);
  });

  it("writes a try only on the game row it read: a write in between leaves the try's undone", async () => {
    clock.set(T0);
    const team = await startTeam('between@x.it');
    const { steps } = await team.state();
    const db = t.database.db;
    const opts = { gameId: team.gameId, email: 'between@x.it', stepId: steps[0]!.id };
    const read = await readTry(db, scope, { ...opts, submissionId: 'first' });
    const stepState = read!.states[0]!;
    const attemptsOf = async () =>
      (await rawDb(db).select().from(gameSteps).where(eq(gameSteps.id, stepState.id)))[0]!.attempts;
    const tryWrites = (key: string) => ({
      game: read!.game,
      route: read!.route,
      change: { now: new Date(T0), resume: false },
      writes: [
        recordWrongTry({
          gameId: team.gameId,
          gameStepId: stepState.id,
          attempts: 1,
          firstAttemptMs: T0,
          startedMs: T0,
          bucket: { tokens: 9, atMs: T0 },
        }),
        saveReply(scope, { scope: `game:${team.gameId}`, key, response: { n: 1 } }),
      ],
    });
    // Another phone of the team pauses the game after the try was read.
    await rawDb(db).update(games).set({ status: 'paused' }).where(eq(games.id, team.gameId));
    expect(await writeTry(db, scope, tryWrites('first'))).toBeNull();
    expect(await attemptsOf()).toBe(0);
    const again = await readTry(db, scope, { ...opts, submissionId: 'first' });
    expect(again?.earlier).toBeNull();
    expect(again?.game.status).toBe('paused');
    // Judged again on what is there now, it goes through, once.
    expect(await writeTry(db, scope, { ...tryWrites('first'), game: again!.game })).not.toBeNull();
    expect(await attemptsOf()).toBe(1);
    expect((await readTry(db, scope, { ...opts, submissionId: 'first' }))?.earlier).toEqual({
      n: 1,
    });
    expect(await writeTry(db, scope, { ...tryWrites('first'), game: again!.game })).toBeNull();
  });

  it.skipIf(TEST_DB !== 'postgres')(
    'holds the wrong-try limit across two app instances on one PostgreSQL',
    async () => {
      clock.set(T0);
      const second = await createTestApp({ database: t.database, clock });
      try {
        const team = await startTeam('twice@x.it');
        const { steps } = await team.state();
        const statuses: number[] = [];
        for (let i = 0; i < 12; i += 1) {
          // The same team's browser, sent to either instance in turn.
          const on = i % 2 === 0 ? t : second;
          const res = await call(on.app, team.cookie(), {
            method: 'POST',
            url: `/api/play/${slug}/games/${team.gameId}/steps/${steps[0]!.id}/submit`,
            payload: {
              submission_id: randomUUID(),
              answer: `g${i}`,
              position: TREVI,
              heading_deg: null,
            },
          });
          statuses.push(res.statusCode);
        }
        expect(statuses).toEqual([...Array<number>(10).fill(200), 429, 429]);
      } finally {
        await second.close();
      }
    },
  );

  it('keeps photos private to the team that took them and the tenant staff', async () => {
    clock.set(T0);
    const team = await startTeam('photo@x.it');
    const other = await startTeam('nosy@x.it');
    const { steps } = await team.state();
    for (const step of steps.slice(0, 3)) await team.skip(step.id);
    const photoStep = steps[3]!;
    const jpeg = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#888' } })
      .jpeg()
      .toBuffer();
    const b = 'photo-boundary';
    const body = Buffer.concat([
      Buffer.from(
        `--${b}\r\nContent-Disposition: form-data; name="photo"; filename="photo-1.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
      ),
      jpeg,
      Buffer.from(`\r\n--${b}--\r\n`),
    ]);
    const upload = await team.req(
      'POST',
      `/games/${team.gameId}/steps/${photoStep.id}/photo`,
      body,
      { 'content-type': `multipart/form-data; boundary=${b}` },
    );
    expect(upload.statusCode).toBe(200);
    const url = upload.json<{ photo_url: string }>().photo_url;
    expect(url).toMatch(new RegExp(`^/api/play/${slug}/photos/[0-9a-f-]{36}\\?v=\\d+$`));
    const solved = await team.submit(photoStep.id, {
      position: { lat: 41.895652, lng: 12.472181, accuracy_m: 4 },
      heading_deg: 0,
    });
    expect(solved.json()).toMatchObject({ outcome: 'correct' });

    const get = (cookie: string | null) => call(t.app, cookie, { method: 'GET', url });
    const own = await get(team.cookie());
    expect(own.statusCode).toBe(200);
    expect(own.headers['content-type']).toBe('image/jpeg');
    expect((await get(other.cookie())).statusCode).toBe(404);
    expect((await get(null)).statusCode).toBe(404);
    const admin = await makeUser(t.database.db, { role: 'game_manager', tenantId: scope.tenantId });
    expect((await get(await signIn(t.app, admin.email, admin.password))).statusCode).toBe(200);
    const foreign = await makeUser(t.database.db, {
      role: 'tenant_admin',
      tenantId: (await makeTenant(t.database.db)).id,
    });
    expect((await get(await signIn(t.app, foreign.email, foreign.password))).statusCode).toBe(404);
  });

  it('resolves media-library codes to URLs of the tenant or global library only', async () => {
    clock.set(T0);
    const other = await makeTenant(t.database.db);
    const code = (name: string) => `${name}-${slug}`;
    await rawDb(t.database.db)
      .insert(mediaFiles)
      .values([
        {
          tenant_id: scope.tenantId,
          storage_path: `${scope.tenantId}/a.jpg`,
          filename: 'a.jpg',
          unique_code: code('OWN'),
        },
        {
          tenant_id: null,
          storage_path: 'global/b.mp3',
          filename: 'b.mp3',
          unique_code: code('GLOBAL'),
        },
        {
          tenant_id: other.id,
          storage_path: `${other.id}/c.jpg`,
          filename: 'c.jpg',
          unique_code: code('FOREIGN'),
        },
      ]);
    await importRoute(
      t.database.db,
      scope,
      JSON.stringify({
        id: 'con-media',
        title: 'Con media',
        steps: [
          {
            place: 'Trevi',
            lat: 41.900932,
            lng: 12.483313,
            radius_m: 60,
            task: 'Guarda',
            check_type: 'text',
            check_answer: 'x',
            media: [
              { type: 'image', url: '', code: code('OWN'), caption: 'Nostra' },
              { type: 'audio', url: '', code: code('GLOBAL') },
              { type: 'image', url: '', code: code('FOREIGN') },
              { type: 'video', url: 'https://v.example/x.mp4', code: 'NO-SUCH-CODE' },
            ],
          },
        ],
      }),
    );
    const team = await startTeam('media@x.it', 'con-media');
    const res = await team.req('GET', `/games/${team.gameId}`);
    const { steps } = res.json<{ steps: { media: { type: string; url: string }[] }[] }>();
    expect(steps[0]!.media).toEqual([
      {
        type: 'image',
        url: `/files/media-library/${scope.tenantId}/a.jpg`,
        caption: 'Nostra',
      },
      { type: 'audio', url: `/files/media-library/global/b.mp3` },
      { type: 'video', url: 'https://v.example/x.mp4' },
    ]);
    expect(res.body).not.toContain(other.id);
  });

  it('resumes a paused game where it stopped, and a try on it makes it active again', async () => {
    clock.set(T0);
    const team = await startTeam('pausa@x.it');
    const { steps } = await team.state();
    await team.submit(steps[0]!.id, { answer: '1762' });
    expect((await team.req('POST', `/games/${team.gameId}/pause`)).statusCode).toBe(204);
    const paused = await team.state();
    expect(paused).toMatchObject({ status: 'paused', current_step_index: 1, total_score: 10 });
    const next = await team.submit(steps[1]!.id, {
      answer: 'Adriano',
      position: { lat: 41.898614, lng: 12.476869, accuracy_m: 3 },
    });
    expect(next.json()).toMatchObject({ outcome: 'correct', current_step_index: 2 });
    const [game] = await rawDb(t.database.db).select().from(games).where(eq(games.id, team.gameId));
    expect(game).toMatchObject({ status: 'active', paused_at: null });
  });

  it("never puts an answer, nor another team's e-mail, in any player or scoreboard response", async () => {
    clock.set(T0);
    const rival = await startTeam('rival-secret@x.it', 'roma-centro-storico', 'I Rivali');
    const rivalSteps = (await rival.state()).steps;
    await rival.submit(rivalSteps[0]!.id, { answer: '1762' });
    const team = await startTeam('audit@x.it');
    const { steps } = await team.state();
    const jpeg = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#888' } })
      .jpeg()
      .toBuffer();
    const b = 'audit-boundary';
    const photo = Buffer.concat([
      Buffer.from(
        `--${b}\r\nContent-Disposition: form-data; name="photo"; filename="p.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
      ),
      jpeg,
      Buffer.from(`\r\n--${b}--\r\n`),
    ]);
    const publicGet = async (url: string) =>
      (await call(t.app, null, { method: 'GET', url: `/api/public/tenants/${slug}${url}` })).body;
    const responses = [
      await team.req('GET', '/me'),
      await team.req('GET', '/routes'),
      await team.req('GET', '/routes/roma-centro-storico'),
      await team.req('POST', '/routes/roma-centro-storico/start'),
      await team.req('POST', '/routes/roma-centro-storico/redeem', { code: 'ABCDEFGH' }),
      await team.req('POST', '/verify', { token: 'no-such-token' }),
      await team.req('GET', `/games/${team.gameId}`),
      await team.submit(steps[0]!.id, { answer: 'wrong' }),
      await team.submit(steps[0]!.id, { answer: '1762' }),
      await team.req('POST', `/games/${team.gameId}/steps/${steps[1]!.id}/skip`, {
        submission_id: randomUUID(),
      }),
      await team.req('POST', `/games/${team.gameId}/steps/${steps[3]!.id}/photo`, photo, {
        'content-type': `multipart/form-data; boundary=${b}`,
      }),
      await team.req('POST', `/games/${team.gameId}/pause`),
      await team.req('POST', `/games/${team.gameId}/resume`),
      await team.req('GET', `/games/${rival.gameId}`),
      await team.req('POST', '/identify', { email: 'audit@x.it' }),
    ];
    expect(responses.map((r) => r.statusCode)).toEqual([
      200, 200, 200, 200, 409, 400, 200, 200, 200, 200, 200, 204, 200, 404, 200,
    ]);
    const bodies = [
      ...responses.map((r) => r.body),
      await publicGet('/scoreboard'),
      await publicGet('/scoreboard?route=roma-centro-storico'),
      await publicGet('/scoreboard/routes'),
      await publicGet(`/games/${team.gameId}/result`),
      await publicGet(`/games/${rival.gameId}/result`),
    ];
    // The rival is on the scoreboards by its team name only.
    expect(bodies.join('\n')).toContain('I Rivali');
    for (const body of bodies) {
      // Choices are shown to the team; which of them are right is not.
      expect(body).not.toMatch(/check_answer|orientation_deg|"1762"|NAVONA-4FIUMI|GATTI42X/);
      expect(body).not.toContain('rival-secret@x.it');
    }
  });
});
