import { randomUUID } from 'node:crypto';
import { gameResults, type TeamResults, urlOf } from '@tappa/contracts';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/app';
import { TEST_DB } from './helpers/database';
import { call, managedTenant } from './helpers/factories';
import { ManualClock } from './helpers/manual-clock';
import { multipart } from './helpers/multipart';
import { startTeam, treviStep } from './helpers/team';

const T0 = Date.parse('2026-11-22T10:00:00Z');
const SECRET_ANSWER = 'quattordici-colonne';
const HINT_TEXT = 'Guarda sotto il portico';

/** Points by try (decision 0088's test: exact, not the fallback's timing bonus). */
const scoring = { attempt_award: { first_try: 10, second_try: 6, other_try: 1 }, skip_award: 2 };

/** Three steps: a text answer, one to skip (with a hint never taken), a photo. */
const ROUTE = {
  id: 'risultati',
  title: 'I nostri risultati',
  steps: [
    treviStep(1, { place: 'Fontana', check_answer: SECRET_ANSWER, scoring }),
    treviStep(2, {
      place: 'Portico',
      check_answer: 'sedici',
      scoring,
      hints: [{ text: HINT_TEXT, cost: 3, unlock_after_s: 0 }],
    }),
    treviStep(3, { place: 'Ponte', check_type: 'photo', check_answer: null, scoring }),
  ],
};

type Team = Awaited<ReturnType<typeof startTeam>>;

describe(`a team's own results on ${TEST_DB} (issue 38, decision 0088)`, () => {
  let t: TestApp;
  const clock = new ManualClock(T0);
  let tenant: Awaited<ReturnType<typeof managedTenant>>;
  let other: Awaited<ReturnType<typeof managedTenant>>;
  let leoni: Team;
  let volpi: Team;
  let photoStepId: string;

  const resultsPath = (gameId: string) => `/games/${gameId}/results`;
  const resultsOf = (team: Team, gameId = team.gameId) => team.req('GET', resultsPath(gameId));

  beforeAll(async () => {
    t = await createTestApp({ clock });
    tenant = await managedTenant(t.app, t.database.db);
    other = await managedTenant(t.app, t.database.db);
    for (const owner of [tenant, other]) {
      const imported = await owner.api('POST', '/routes/import', { json: JSON.stringify(ROUTE) });
      expect(imported.statusCode, imported.body).toBe(200);
    }

    // Le Volpi start first and stay on step 1: a game not over.
    volpi = await startTeam(t.app, {
      slug: tenant.slug,
      email: 'volpi@example.org',
      teamName: 'Le Volpi',
      routeSlug: ROUTE.id,
    });
    await volpi.submit((await volpi.state()).steps[0]!.id, { answer: SECRET_ANSWER });

    clock.set(T0 + 60_000);
    leoni = await startTeam(t.app, {
      slug: tenant.slug,
      email: 'leoni@example.org',
      teamName: 'I Leoni',
      routeSlug: ROUTE.id,
    });
    const [one, two, three] = (await leoni.state()).steps;
    clock.advance(30_000);
    expect((await leoni.submit(one!.id, { answer: 'sbagliata' })).json()).toMatchObject({
      outcome: 'wrong',
    });
    clock.advance(60_000);
    expect((await leoni.submit(one!.id, { answer: SECRET_ANSWER })).json()).toMatchObject({
      outcome: 'correct',
    });
    clock.advance(45_000);
    expect((await leoni.skip(two!.id)).statusCode).toBe(200);
    // The organisers give points with a reason.
    const bonus = await tenant.api('POST', `/live/games/${leoni.gameId}/points`, {
      action_id: randomUUID(),
      points: 4,
      reason: 'Squadra più simpatica',
    });
    expect(bonus.statusCode, bonus.body).toBe(200);
    clock.advance(20_000);
    const photo = await sharp({
      create: { width: 24, height: 16, channels: 3, background: '#C2410C' },
    })
      .jpeg()
      .toBuffer();
    const form = multipart([
      { name: 'photo', file: photo, filename: 'p.jpg', contentType: 'image/jpeg' },
    ]);
    const upload = await leoni.req(
      'POST',
      `/games/${leoni.gameId}/steps/${three!.id}/photo`,
      form.payload,
      form.headers,
    );
    expect(upload.statusCode, upload.body).toBe(200);
    photoStepId = /photos\/([0-9a-f-]{36})/.exec(
      upload.json<{ photo_url: string }>().photo_url,
    )![1]!;
    clock.advance(40_000);
    expect((await leoni.submit(three!.id, {})).json()).toMatchObject({ outcome: 'correct' });
  });
  afterAll(() => t.close());

  it('gives the team its steps, times, tries, points, photos and reasons once it is over', async () => {
    const res = await resultsOf(leoni);
    expect(res.statusCode, res.body).toBe(200);
    const results = res.json<TeamResults>();
    expect(results).toMatchObject({
      game_id: leoni.gameId,
      team_name: 'I Leoni',
      route: { slug: ROUTE.id, title: ROUTE.title, route_type: 'progressive' },
      // 6 (second try) + 2 (skip) + 4 (staff) + 10 beats Le Volpi's 10: first, by the card's rule.
      position: 1,
      total_score: 22,
      total_ms: 30_000 + 60_000 + 45_000 + 20_000 + 40_000,
      finished_at: new Date(T0 + 60_000 + 195_000).toISOString(),
    });
    expect(results.steps).toEqual([
      {
        number: 1,
        place: 'Fontana',
        status: 'ok',
        attempts: 2,
        elapsed_ms: 90_000,
        points: 6,
        photo_url: null,
      },
      {
        number: 2,
        place: 'Portico',
        status: 'skipped',
        attempts: 0,
        elapsed_ms: 45_000,
        points: 2,
        photo_url: null,
      },
      {
        number: 3,
        place: 'Ponte',
        status: 'ok',
        attempts: 1,
        elapsed_ms: 60_000,
        points: 10,
        photo_url: expect.stringMatching(
          new RegExp(`^/api/play/${tenant.slug}/photos/${photoStepId}\\?v=\\d+$`),
        ) as string,
      },
    ]);
    expect(results.ledger.map((e) => [e.kind, e.step?.number ?? null, e.points, e.reason])).toEqual(
      [
        ['try', 1, 6, null],
        ['skip', 2, 2, null],
        ['adjustment', null, 4, 'Squadra più simpatica'],
        ['try', 3, 10, null],
      ],
    );
    // The photo shows through the team's existing photo route.
    const photo = await call(t.app, leoni.cookie(), {
      method: 'GET',
      url: results.steps[2]!.photo_url!,
    });
    expect(photo.statusCode).toBe(200);
    expect(photo.headers['content-type']).toBe('image/jpeg');
  });

  it('sends nothing of another team, no accepted answer and no hint not taken', async () => {
    const res = await resultsOf(leoni);
    expect(res.statusCode).toBe(200);
    for (const secret of [SECRET_ANSWER, 'sedici', HINT_TEXT, 'Le Volpi', 'volpi@', 'leoni@']) {
      expect(res.body, secret).not.toContain(secret);
    }
    expect(Object.keys(res.json<TeamResults>()).sort()).toEqual(
      [
        'finished_at',
        'game_id',
        'ledger',
        'position',
        'route',
        'steps',
        'team_name',
        'total_ms',
        'total_score',
      ].sort(),
    );
  });

  it("answers another team's game as a missing one, and nobody without the team's cookie", async () => {
    for (const [who, res] of [
      ["Le Volpi asking for I Leoni's", await resultsOf(volpi, leoni.gameId)],
      [
        'a game that does not exist',
        await resultsOf(leoni, '00000000-0000-4000-8000-000000000000'),
      ],
    ] as const) {
      expect(res.statusCode, who).toBe(404);
      expect(res.json(), who).toMatchObject({ error: { code: 'game_not_found' } });
    }
    const anonymous = await call(t.app, null, {
      method: 'GET',
      url: urlOf(gameResults.own, { slug: tenant.slug, gameId: leoni.gameId }),
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it('refuses a game that is not over yet', async () => {
    const res = await resultsOf(volpi);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ error: { code: 'game_not_over' } });
  });

  it("answers another tenant's game as a missing one", async () => {
    // A team of the other tenant, asking under its own slug for a game of this tenant.
    const stranger = await startTeam(t.app, {
      slug: other.slug,
      email: 'leoni@example.org',
      teamName: 'I Leoni',
      routeSlug: ROUTE.id,
    });
    const res = await resultsOf(stranger, leoni.gameId);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ error: { code: 'game_not_found' } });
    // The team's own cookie under the other tenant's slug is nobody there.
    const crossed = await call(t.app, leoni.cookie(), {
      method: 'GET',
      url: urlOf(gameResults.own, { slug: other.slug, gameId: leoni.gameId }),
    });
    expect(crossed.statusCode).toBe(401);
  });
});
