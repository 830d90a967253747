import { randomUUID } from 'node:crypto';
import {
  gameLive,
  type GameLive,
  type GameLedger,
  live,
  review,
  type ReviewDecisionResult,
  type ReviewItem,
  type ReviewItemsPage,
  type ReviewNext,
  type ReviewSummary,
  urlOf,
  type Wall,
} from '@tappa/contracts';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importRoute } from '../src/modules/routes/routes.service';
import { createTestApp, type TestApp } from './helpers/app';
import { rawDb, TEST_DB } from './helpers/database';
import {
  call,
  makeTenant,
  makeUser,
  sampleRouteText,
  signIn,
  superadminScope,
} from './helpers/factories';
import { ManualClock } from './helpers/manual-clock';
import { multipart } from './helpers/multipart';
import { startTeam, TREVI } from './helpers/team';

const T0 = Date.parse('2026-11-29T10:00:00Z');
const ROUTE = 'roma-revisione';

/**
 * The Rome route with every step at the Trevi fountain, no direction asked, and staff review on
 * its first step (a photo) and its second (an open question); its fourth step is a photo the
 * spec's rule accepts (no review).
 */
async function reviewRouteJson(): Promise<string> {
  const fixture = JSON.parse(await sampleRouteText()) as {
    steps: Record<string, unknown>[];
  };
  const steps = fixture.steps.map((step, i) => {
    const here = { ...step, lat: TREVI.lat, lng: TREVI.lng, orientation: null };
    if (i === 0) return { ...here, check_type: 'photo', check_answer: null, review: 'staff' };
    if (i === 1) {
      return {
        ...here,
        check_type: 'text',
        check_answer: 'Un esempio',
        choices: null,
        review: 'staff',
      };
    }
    return here;
  });
  return JSON.stringify({ ...fixture, id: ROUTE, title: 'Roma da giudicare', steps });
}

const photoOf = (background: string) =>
  sharp({ create: { width: 1600, height: 1200, channels: 3, background } })
    .jpeg()
    .toBuffer();

type Team = Awaited<ReturnType<typeof startTeam>>;

describe(`photo review on ${TEST_DB} (issue 34, decision 0083)`, () => {
  let t: TestApp;
  const clock = new ManualClock(T0);
  let slug: string;
  let tenantId: string;
  let routeId: string;
  let admin: string;
  let judge1: string;
  let judge2: string;
  let foreignAdmin: string;
  let foreignJudge: string;

  const as = (
    cookie: string | null,
    method: 'GET' | 'POST' | 'DELETE',
    url: string,
    payload?: object,
  ) => call(t.app, cookie, { method, url, ...(payload === undefined ? {} : { payload }) });
  const next = async (who: string, body: object = {}) => {
    const res = await as(who, 'POST', urlOf(review.next, { slug }), body);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<ReviewNext>();
  };
  const decide = (who: string, itemId: string, body: object) =>
    as(who, 'POST', urlOf(review.decide, { slug, itemId }), { action_id: randomUUID(), ...body });
  const undo = (who: string, itemId: string) =>
    as(who, 'POST', urlOf(review.undo, { slug, itemId }), { action_id: randomUUID() });
  const summary = async (who = admin) =>
    (await as(who, 'GET', urlOf(review.summary, { slug }))).json<ReviewSummary>();
  const wall = async () =>
    (await as(admin, 'GET', `${urlOf(review.wall, { slug })}?route=${routeId}`)).json<Wall>();
  const ledger = async (gameId: string) =>
    (await as(admin, 'GET', urlOf(live.ledger, { slug, gameId }))).json<GameLedger>();
  const phone = async (team: Team) =>
    (
      await team.req(
        'GET',
        urlOf(gameLive.read, { slug, gameId: team.gameId }).slice(`/api/play/${slug}`.length),
      )
    ).json<GameLive>();

  async function start(name: string, opts: { consent?: boolean } = {}): Promise<Team> {
    const email = `${name.toLowerCase().replace(/\W/g, '')}-${randomUUID().slice(0, 6)}@example.org`;
    const team = await startTeam(t.app, { slug, email, teamName: name, routeSlug: ROUTE });
    if (opts.consent) {
      await rawDb(t.database.db).execute(
        sql`update team_registrations set photo_wall_consent = true where email = ${email}`,
      );
    }
    return team;
  }

  /** The team sends a photo for its step `index` (from 0) and tries the step. */
  async function photoTry(team: Team, index: number, background = '#C2410C') {
    const { steps } = await team.state();
    const form = multipart([
      {
        name: 'photo',
        file: await photoOf(background),
        filename: 'p.jpg',
        contentType: 'image/jpeg',
      },
    ]);
    const upload = await team.req(
      'POST',
      `/games/${team.gameId}/steps/${steps[index]!.id}/photo`,
      form.payload,
      form.headers,
    );
    expect(upload.statusCode, upload.body).toBe(200);
    clock.advance(1_000);
    const res = await team.submit(steps[index]!.id, {});
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ outcome: string; points: number; total_score: number }>();
  }

  beforeAll(async () => {
    t = await createTestApp({ clock });
    const db = t.database.db;
    const tenant = await makeTenant(db);
    ({ slug, id: tenantId } = tenant);
    routeId = (await importRoute(db, superadminScope(tenant), await reviewRouteJson())).route.id;
    const person = async (role: 'tenant_admin' | 'judge', id: string) => {
      const user = await makeUser(db, { role, tenantId: id });
      return signIn(t.app, user.email, user.password);
    };
    admin = await person('tenant_admin', tenantId);
    judge1 = await person('judge', tenantId);
    judge2 = await person('judge', tenantId);
    const other = await makeTenant(db);
    foreignAdmin = await person('tenant_admin', other.id);
    foreignJudge = await person('judge', other.id);
  });

  afterAll(async () => {
    await t?.close();
  });

  it('lists the steps under review; a judge may review and nothing else; others get 404', async () => {
    const s = await summary(judge1);
    const route = s.routes.find((r) => r.id === routeId)!;
    expect(route.steps.map((step) => step.number)).toEqual([1, 2]);
    // The review policy admits judges; the staff's endpoints refuse them; another tenant's
    // judge and admin, and a team, do not find the tenant.
    expect((await as(judge1, 'GET', urlOf(live.console, { slug }))).statusCode).toBe(403);
    expect((await as(foreignJudge, 'GET', urlOf(review.summary, { slug }))).statusCode).toBe(404);
    expect((await as(foreignAdmin, 'POST', urlOf(review.next, { slug }), {})).statusCode).toBe(404);
    expect((await as(null, 'GET', urlOf(review.summary, { slug }))).statusCode).toBe(401);
  });

  it('a photo under review is accepted at once with provisional points and waits; a photo without review does not', async () => {
    const team = await start('Aquile');
    const before = await summary();
    const tried = await photoTry(team, 0);
    expect(tried.outcome).toBe('correct');
    expect(tried.points).toBeGreaterThan(0);
    expect((await team.state()).current_step_index).toBe(1);
    expect((await summary()).pending).toBe(before.pending + 1);
    // Step 4 is a photo step without review: accepted as the spec says, nothing waits for it.
    const { steps } = await team.state();
    for (const i of [1, 2]) await team.skip(steps[i]!.id);
    await photoTry(team, 3);
    expect((await summary()).pending).toBe(before.pending + 1);
  });

  it('two judges never hold the same item; a rejection takes the points back and reopens the step; the retake waits again', async () => {
    const team = await start('Volpi');
    const tried = await photoTry(team, 0);
    const scoreBefore = tried.total_score;
    const first = await next(judge1, { route: routeId, step: undefined });
    const mine = first.item!;
    expect(mine.claimed_by_me).toBe(true);
    expect(mine.photo_url).toMatch(/size=phone$/);
    // The other judge gets another item, or none: never this one.
    const other = await next(judge2);
    expect(other.item?.id).not.toBe(mine.id);
    // The other judge moves to the open question's items: its claim on a photo ends.
    await next(judge2, { route: routeId, step: (await team.state()).steps[1]!.id });
    const refused = await decide(judge2, mine.id, { decision: 'approve' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json<{ error: { code: string } }>().error.code).toBe('review_claimed');

    // Find this team's item among those judge1 may hold.
    let item = mine;
    while (item.game_id !== team.gameId) item = (await next(judge1, { after: item.id })).item!;
    const rejected = await decide(judge1, item.id, { decision: 'reject', reason: 'Sfocata' });
    expect(rejected.statusCode, rejected.body).toBe(200);
    const result = rejected.json<ReviewDecisionResult>();
    expect(result.item.status).toBe('rejected');
    expect(result.item.decided_points).toBe(0);
    const again = await decide(judge1, item.id, { decision: 'approve' });
    expect(again.json<{ error: { code: string } }>().error.code).toBe('review_decided');

    const state = await team.state();
    expect(state.total_score).toBe(scoreBefore - tried.points);
    expect(state.current_step_index).toBe(0);
    const heard = await phone(team);
    expect(heard.staff_event).toMatchObject({
      kind: 'review',
      points: -tried.points,
      reason: 'Sfocata',
      details: { decision: 'reject', reopened: true, step_number: 1, item_kind: 'photo' },
    });
    const entries = await ledger(team.gameId);
    expect(entries.entries.reduce((sum, e) => sum + e.points, 0)).toBe(entries.total_score);

    // The old photo does not pass again: the retake needs a new one.
    const { steps } = await team.state();
    const without = await team.submit(steps[0]!.id, {});
    expect(without.json<{ outcome: string }>().outcome).toBe('wrong');
    const retake = await photoTry(team, 0, '#15803D');
    expect(retake.outcome).toBe('correct');
    const tooLate = await undo(judge1, item.id);
    expect(tooLate.json<{ error: { code: string } }>().error.code).toBe('review_undo_too_late');
    const waiting = (
      await as(admin, 'GET', `${urlOf(review.items, { slug })}?status=pending&route=${routeId}`)
    ).json<ReviewItemsPage>();
    expect(waiting.items.some((i) => i.game_id === team.gameId && i.status === 'pending')).toBe(
      true,
    );
  });

  it('an open question takes any answer that is not blank; points above the step maximum are refused; undo puts everything back', async () => {
    const team = await start('Lupi');
    await photoTry(team, 0);
    const { steps } = await team.state();
    const blank = await team.submit(steps[1]!.id, { answer: '   ' });
    expect(blank.json<{ outcome: string }>().outcome).toBe('wrong');
    const answered = await team.submit(steps[1]!.id, { answer: 'La fontana dei desideri' });
    const tried = answered.json<{ outcome: string; points: number; total_score: number }>();
    expect(tried.outcome).toBe('correct');

    const page = (
      await as(
        judge1,
        'GET',
        `${urlOf(review.items, { slug })}?status=pending&step=${steps[1]!.id}`,
      )
    ).json<ReviewItemsPage>();
    const item = page.items.find((i) => i.game_id === team.gameId)!;
    expect(item).toMatchObject({
      kind: 'text',
      answer: 'La fontana dei desideri',
      example_answer: 'Un esempio',
      photo_url: null,
    });
    const claimed = await as(judge1, 'POST', urlOf(review.claim, { slug, itemId: item.id }));
    expect(claimed.json<ReviewItem>().claimed_by_me).toBe(true);
    const tooMany = await decide(judge1, item.id, {
      decision: 'points',
      points: item.max_points + 1,
    });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json<{ error: { code: string } }>().error.code).toBe('review_points_too_many');
    const scored = await decide(judge1, item.id, { decision: 'points', points: 3 });
    expect(scored.json<ReviewDecisionResult>().item).toMatchObject({
      status: 'scored',
      decided_points: 3,
    });
    expect((await team.state()).total_score).toBe(tried.total_score - tried.points + 3);

    const undone = await undo(judge1, item.id);
    expect(undone.statusCode, undone.body).toBe(200);
    expect(undone.json<ReviewDecisionResult>().item).toMatchObject({
      status: 'pending',
      claimed_by_me: true,
    });
    expect((await team.state()).total_score).toBe(tried.total_score);
    const entries = await ledger(team.gameId);
    expect(entries.entries.reduce((sum, e) => sum + e.points, 0)).toBe(entries.total_score);
  });

  it('undoing a rejection the team has not acted on solves the step again and brings the team back', async () => {
    const team = await start('Orsi');
    const tried = await photoTry(team, 0);
    const page = (
      await as(judge2, 'GET', `${urlOf(review.items, { slug })}?status=pending`)
    ).json<ReviewItemsPage>();
    const item = page.items.find((i) => i.game_id === team.gameId)!;
    await as(judge2, 'POST', urlOf(review.claim, { slug, itemId: item.id }));
    await decide(judge2, item.id, { decision: 'reject', reason: 'Non è la fontana' });
    expect((await team.state()).current_step_index).toBe(0);
    const undone = await undo(judge2, item.id);
    expect(undone.statusCode, undone.body).toBe(200);
    const state = await team.state();
    expect(state.current_step_index).toBe(1);
    expect(state.total_score).toBe(tried.total_score);
    // The photo is back on its step: the staff's album and the team's photo read find it.
    const full = await as(
      judge2,
      'GET',
      `${urlOf(review.photo, { slug, itemId: item.id })}?size=full`,
    );
    expect(full.statusCode).toBe(200);
    const phoneSized = await as(judge2, 'GET', item.photo_url!);
    expect(phoneSized.headers['content-type']).toBe('image/jpeg');
    const meta = await sharp(phoneSized.rawPayload).metadata();
    expect(Math.max(meta.width ?? 0, meta.height ?? 0)).toBe(1024);
  });

  it('a decision on a finished game changes only its points', async () => {
    const team = await start('Cervi');
    const tried = await photoTry(team, 0);
    await team.req('POST', `/games/${team.gameId}/finish`, { submission_id: randomUUID() });
    const { steps } = await team.state();
    for (const step of steps.slice(1)) await team.skip(step.id);
    expect((await team.state()).status).toBe('completed');
    const page = (
      await as(admin, 'GET', `${urlOf(review.items, { slug })}?status=pending`)
    ).json<ReviewItemsPage>();
    const item = page.items.find((i) => i.game_id === team.gameId)!;
    const res = await decide(admin, item.id, {
      decision: 'reject',
      reason: 'Non si vede la squadra',
    });
    expect(res.statusCode, res.body).toBe(200);
    const state = await team.state();
    expect(state.status).toBe('completed');
    expect(state.total_score).toBe(tried.total_score - tried.points);
    expect((await phone(team)).staff_event?.details).toMatchObject({ reopened: false });
  });

  it('the wall shows approved photos of consenting teams only, newest first; staff hide one, judges may not', async () => {
    const yes = await start('Falchi', { consent: true });
    const no = await start('Gufi');
    await photoTry(yes, 0, '#1D4ED8');
    await photoTry(no, 0, '#7E22CE');
    const page = (
      await as(judge1, 'GET', `${urlOf(review.items, { slug })}?status=pending`)
    ).json<ReviewItemsPage>();
    for (const team of [yes, no]) {
      const item = page.items.find((i) => i.game_id === team.gameId)!;
      const ok = await decide(judge1, item.id, { decision: 'approve' });
      expect(ok.statusCode, ok.body).toBe(200);
    }
    const shown = await wall();
    expect(shown.photos.map((p) => p.team_name)).toEqual(['Falchi']);
    const photo = shown.photos[0]!;
    expect((await as(judge1, 'GET', photo.photo_url)).statusCode).toBe(200);
    const hideUrl = urlOf(review.hide, { slug, itemId: photo.item_id });
    expect((await as(judge1, 'DELETE', hideUrl)).statusCode).toBe(403);
    const hidden = await as(admin, 'DELETE', hideUrl);
    expect(hidden.statusCode, hidden.body).toBe(200);
    expect(hidden.json<Wall>().photos).toEqual([]);
  });

  it('two judges working one queue in parallel decide every item once and skip none', async () => {
    const teams = await Promise.all(Array.from({ length: 8 }, (_, i) => start(`Parallela ${i}`)));
    for (const team of teams) await photoTry(team, 0);
    const mineOnly = { route: routeId, step: (await teams[0]!.state()).steps[0]!.id };
    const decided: string[] = [];
    const work = async (who: string) => {
      let after: string | null = null;
      for (;;) {
        const got: ReviewNext = await next(who, { ...mineOnly, after });
        if (!got.item) return;
        const res = await decide(who, got.item.id, { decision: 'approve' });
        if (res.statusCode === 200) decided.push(got.item.id);
        else expect(res.json<{ error: { code: string } }>().error.code).toBe('review_decided');
        after = got.item.id;
      }
    };
    await Promise.all([work(judge1), work(judge2)]);
    expect(new Set(decided).size).toBe(decided.length);
    const left = (await summary()).routes.find((r) => r.id === routeId)!.steps[0]!.pending;
    expect(left).toBe(0);
    for (const team of teams) {
      const entries = await ledger(team.gameId);
      expect(entries.entries.filter((e) => e.kind === 'review')).toHaveLength(1);
    }
  });

  it('a judge claiming ahead keeps the item shown and those ahead, renewed by each next; a next without keep ends them', async () => {
    const teams = await Promise.all(Array.from({ length: 4 }, (_, i) => start(`Avanti ${i}`)));
    for (const team of teams) await photoTry(team, 0);
    const stepOnly = { route: routeId, step: (await teams[0]!.state()).steps[0]!.id };
    const shown = (await next(judge1, stepOnly)).item!;
    const first = (await next(judge1, { ...stepOnly, after: shown.id })).item!;
    const second = (await next(judge1, { ...stepOnly, after: first.id, keep: [shown.id] })).item!;
    const held = [shown.id, first.id, second.id];
    expect(new Set(held).size).toBe(3);
    const fourth = (await next(judge2, stepOnly)).item!;
    expect(held).not.toContain(fourth.id);
    expect((await next(judge2, { ...stepOnly, after: fourth.id })).item).toBeNull();

    // Each next renews what it keeps: 90 s after, judge 1 asks again (nothing is free) and
    // 90 s later its three claims still hold where the first ones would have expired.
    clock.advance(90_000);
    const none = await next(judge1, { ...stepOnly, after: second.id, keep: [shown.id, first.id] });
    expect(none.item).toBeNull();
    clock.advance(90_000);
    expect((await next(judge2, stepOnly)).item?.id).toBe(fourth.id);
    const refused = await decide(judge2, shown.id, { decision: 'approve' });
    expect(refused.json<{ error: { code: string } }>().error.code).toBe('review_claimed');
    const tooMany = await as(judge1, 'POST', urlOf(review.next, { slug }), {
      ...stepOnly,
      keep: [shown.id, first.id, second.id],
    });
    expect(tooMany.statusCode).toBe(400);

    // A next without keep ends the claims ahead: the other judge may take them.
    expect((await next(judge1, stepOnly)).item?.id).toBe(shown.id);
    const freed = await next(judge2, { ...stepOnly, after: fourth.id });
    expect([first.id, second.id]).toContain(freed.item?.id);
  });
});
