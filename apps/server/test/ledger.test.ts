import { randomUUID } from 'node:crypto';
import type { GameLedger, LiveActionResult, TeamLedger } from '@tappa/contracts';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, gameEvents, gameSteps, liveHeartbeat, routes, tenants } from '../src/db/schema';
import { importRoute } from '../src/modules/routes/routes.service';
import { createTestApp, type TestApp } from './helpers/app';
import { expectLedgerAgrees } from './helpers/ledger-checks';
import { rawDb, TEST_DB } from './helpers/database';
import { call, makeTenant, makeUser, signIn, sampleRouteText } from './helpers/factories';
import { fingerprint } from './helpers/fingerprint';
import { ManualClock } from './helpers/manual-clock';
import { startTeam as startPlayingTeam, TREVI } from './helpers/team';

const T0 = Date.parse('2026-11-22T10:00:00Z');

describe(`the score ledger and the staff's actions on ${TEST_DB}`, () => {
  let t: TestApp;
  const clock = new ManualClock(T0);
  let slug: string;
  let otherSlug: string;
  let routeId: string;
  let admin: string;
  let adminEmail: string;
  let otherAdmin: string;

  beforeAll(async () => {
    t = await createTestApp({ clock });
    const tenant = await makeTenant(t.database.db);
    slug = tenant.slug;
    const scope = {
      kind: 'tenant' as const,
      tenantId: tenant.id,
      slug,
      role: 'superadmin' as const,
    };
    routeId = (await importRoute(t.database.db, scope, await sampleRouteText())).route.id;
    const user = await makeUser(t.database.db, { role: 'game_manager', tenantId: tenant.id });
    adminEmail = user.email;
    admin = await signIn(t.app, user.email, user.password);
    const other = await makeTenant(t.database.db);
    otherSlug = other.slug;
    const otherUser = await makeUser(t.database.db, { role: 'tenant_admin', tenantId: other.id });
    otherAdmin = await signIn(t.app, otherUser.email, otherUser.password);
  });
  afterAll(() => t.close());

  const db = () => rawDb(t.database.db);
  const scopeOf = async (tenantSlug: string) => {
    const [row] = await db().select().from(tenants).where(eq(tenants.slug, tenantSlug));
    return {
      kind: 'tenant' as const,
      tenantId: row!.id,
      slug: tenantSlug,
      role: 'superadmin' as const,
    };
  };
  const startTeam = (email: string) => startPlayingTeam(t.app, { slug, email });
  const staff = (
    method: 'GET' | 'POST',
    url: string,
    payload?: object,
    opts: { cookie?: string; slug?: string } = {},
  ) =>
    call(t.app, opts.cookie ?? admin, {
      method,
      url: `/api/tenants/${opts.slug ?? slug}/live${url}`,
      ...(payload ? { payload } : {}),
    });
  const adjust = (gameId: string, points: number, actionId = randomUUID(), cookie?: string) =>
    staff(
      'POST',
      `/games/${gameId}/points`,
      { action_id: actionId, points, reason: 'Bonus foto' },
      { cookie },
    );
  const help = (gameId: string, body: Record<string, unknown>) =>
    staff('POST', `/games/${gameId}/help`, {
      action_id: randomUUID(),
      step_id: null,
      minutes: null,
      reason: 'Aiuto',
      ...body,
    });

  const kindsOf = async (gameId: string) =>
    (
      await db()
        .select({ kind: gameEvents.kind })
        .from(gameEvents)
        .where(eq(gameEvents.game_id, gameId))
        .orderBy(asc(gameEvents.id))
    ).map((e) => e.kind);

  it('writes the try, the wrong try, the skip and the finish with the game, and a replay nothing', async () => {
    clock.set(T0);
    const team = await startTeam('hot@x.it');
    const { steps } = await team.state();
    const wrong = await team.submit(steps[0]!.id, { answer: '1700' });
    expect(wrong.json()).toMatchObject({ outcome: 'wrong' });
    const submissionId = randomUUID();
    const right = await team.submit(steps[0]!.id, { answer: '1762', submission_id: submissionId });
    const points = right.json<{ points: number }>().points;
    expect(points).toBeGreaterThan(0);
    const again = await team.submit(steps[0]!.id, { answer: '1762', submission_id: submissionId });
    expect(again.json()).toEqual(right.json());
    for (const step of steps.slice(1)) {
      expect((await team.skip(step.id)).statusCode).toBe(200);
    }
    expect(await kindsOf(team.gameId)).toEqual([
      'start',
      'wrong_try',
      'try',
      'skip',
      'skip',
      'skip',
      'skip',
      'skip',
      'finish',
    ]);
    const events = await db()
      .select()
      .from(gameEvents)
      .where(eq(gameEvents.game_id, team.gameId))
      .orderBy(asc(gameEvents.id));
    expect(events[1]).toMatchObject({ points: 0, details: { code: 'wrong_answer' } });
    expect(events[2]).toMatchObject({ points, step_id: steps[0]!.id });
    expect(events.at(-1)).toMatchObject({ details: { cause: 'last_step' } });
    const game = await expectLedgerAgrees(t.database.db, team.gameId);
    expect(game.total_score).toBe(points);
  });

  it('adjusts points once per action id, in the ledger, the scoreboard and the audit log', async () => {
    clock.set(T0);
    const team = await startTeam('adjust@x.it');
    const { steps } = await team.state();
    await team.submit(steps[0]!.id, { answer: '1762', position: TREVI });
    const before = (await team.state()).total_score;
    const actionId = randomUUID();
    const res = await adjust(team.gameId, 5, actionId);
    expect(res.statusCode).toBe(200);
    const result = res.json<LiveActionResult>();
    expect(result).toMatchObject({
      total_score: before + 5,
      event: { kind: 'adjustment', points: 5, reason: 'Bonus foto', actor_email: adminEmail },
    });
    // The same action again: its first result, nothing more.
    const retry = await adjust(team.gameId, 5, actionId);
    expect(retry.json()).toEqual(result);
    // Refused: 0 points, too many, no reason; nothing changes.
    const print = await fingerprint(t.database.db);
    for (const body of [
      { action_id: randomUUID(), points: 0, reason: 'x' },
      { action_id: randomUUID(), points: 1001, reason: 'x' },
      { action_id: randomUUID(), points: 5, reason: '  ' },
      { action_id: randomUUID(), points: 5, reason: 'x'.repeat(201) },
    ]) {
      expect((await staff('POST', `/games/${team.gameId}/points`, body)).statusCode).toBe(400);
    }
    // Another tenant's staff: 404 under their own slug, whatever the game.
    const foreign = await staff(
      'POST',
      `/games/${team.gameId}/points`,
      { action_id: randomUUID(), points: 5, reason: 'x' },
      { cookie: otherAdmin, slug: otherSlug },
    );
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toMatchObject({ error: { code: 'game_not_found' } });
    expect(await fingerprint(t.database.db)).toBe(print);
    expect((await team.state()).total_score).toBe(before + 5);
    await expectLedgerAgrees(t.database.db, team.gameId);
    const audit = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'live.points'), eq(auditLog.target_id, team.gameId)));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actor_email: adminEmail, details: { points: '5' } });
  });

  it('undoes an adjustment once, and nothing else', async () => {
    clock.set(T0);
    const team = await startTeam('undo@x.it');
    const { steps } = await team.state();
    await team.submit(steps[0]!.id, { answer: '1762', position: TREVI });
    const before = (await team.state()).total_score;
    const adjusted = (await adjust(team.gameId, -7)).json<LiveActionResult>();
    expect(adjusted.total_score).toBe(before - 7);
    const undo = (eventId: number) =>
      staff('POST', `/games/${team.gameId}/events/${eventId}/undo`, {
        action_id: randomUUID(),
        reason: 'Errore',
      });
    const undone = await undo(adjusted.event.id);
    expect(undone.statusCode).toBe(200);
    expect(undone.json<LiveActionResult>()).toMatchObject({
      total_score: before,
      event: { kind: 'undo', points: 7, undoes_id: adjusted.event.id },
    });
    const print = await fingerprint(t.database.db);
    const twice = await undo(adjusted.event.id);
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toMatchObject({ error: { code: 'event_already_undone' } });
    const ledger = (await staff('GET', `/games/${team.gameId}/ledger`)).json<GameLedger>();
    const tryEntry = ledger.entries.find((e) => e.kind === 'try')!;
    expect((await undo(tryEntry.id)).json()).toMatchObject({
      error: { code: 'event_not_undoable' },
    });
    expect((await undo(999_999_999)).json()).toMatchObject({ error: { code: 'event_not_found' } });
    expect(await fingerprint(t.database.db)).toBe(print);
    expect(ledger.entries.find((e) => e.id === adjusted.event.id)?.undone_by_id).toBe(
      undone.json<LiveActionResult>().event.id,
    );
    expect(ledger.total_score).toBe(before);
    expect(tryEntry.step).toMatchObject({ number: 1, place: 'Fontana di Trevi' });
    await expectLedgerAgrees(t.database.db, team.gameId);
  });

  it('helps a stuck team: skip, reopen, move, extend, end', async () => {
    clock.set(T0);
    const team = await startTeam('help@x.it');
    const { steps } = await team.state();
    const [first, second, third] = steps;
    // Skip only the current step.
    const notCurrent = await help(team.gameId, { action: 'skip_step', step_id: second!.id });
    expect(notCurrent.statusCode).toBe(409);
    expect(notCurrent.json()).toMatchObject({
      error: { code: 'step_not_current', params: { step_number: 1 } },
    });
    const skipped = await help(team.gameId, { action: 'skip_step', step_id: first!.id });
    expect(skipped.statusCode).toBe(200);
    expect(skipped.json<LiveActionResult>().event).toMatchObject({
      kind: 'help',
      points: 0,
      details: { action: 'skip_step', step_number: 1 },
      step: { id: first!.id, number: 1 },
    });
    let state = await team.state();
    expect(state.current_step_index).toBe(1);
    // Reopen it: pending and current again.
    expect(
      (await help(team.gameId, { action: 'reopen_step', step_id: second!.id })).json(),
    ).toMatchObject({ error: { code: 'step_not_skipped' } });
    expect(
      (await help(team.gameId, { action: 'reopen_step', step_id: first!.id })).statusCode,
    ).toBe(200);
    state = await team.state();
    expect(state.current_step_index).toBe(0);
    const [reopened] = await db()
      .select()
      .from(gameSteps)
      .where(and(eq(gameSteps.game_id, team.gameId), eq(gameSteps.step_id, first!.id)));
    expect(reopened).toMatchObject({ status: 'pending', points: 0 });
    // Move to the third step: current, its clock started.
    clock.set(T0 + 60_000);
    expect(
      (await help(team.gameId, { action: 'move_to_step', step_id: third!.id })).statusCode,
    ).toBe(200);
    const [moved] = await db()
      .select()
      .from(gameSteps)
      .where(and(eq(gameSteps.game_id, team.gameId), eq(gameSteps.step_id, third!.id)));
    expect(moved!.started_ms).toBe(T0 + 60_000);
    expect((await team.state()).current_step_index).toBe(2);
    // A step of another route is 404.
    const foreignStep = await help(team.gameId, { action: 'move_to_step', step_id: randomUUID() });
    expect(foreignStep.json()).toMatchObject({ error: { code: 'step_not_found' } });
    // Extend the time: the route's limit of an hour becomes 70 minutes.
    await db()
      .update(routes)
      .set({ time_limit_enabled: true, time_limit_hours: 1, time_limit_minutes: 0 })
      .where(eq(routes.id, routeId));
    try {
      expect((await help(team.gameId, { action: 'extend_time', minutes: 10 })).statusCode).toBe(
        200,
      );
      const limited = (await team.req('GET', `/games/${team.gameId}`)).json<{
        route: { time_limit_ms: number };
      }>();
      expect(limited.route.time_limit_ms).toBe(70 * 60_000);
      // At 65 minutes the route's hour is over, the game's 70 are not: the try is judged.
      clock.set(T0 + 65 * 60_000);
      const late = await team.submit(third!.id, { answer: 'wrong' });
      expect(late.json()).toMatchObject({ outcome: 'wrong', completed: false });
    } finally {
      await db().update(routes).set({ time_limit_enabled: false }).where(eq(routes.id, routeId));
    }
    // End the game: completed, a finish by staff; then every action is 409 game_over.
    const ended = await help(team.gameId, { action: 'end_game' });
    expect(ended.statusCode).toBe(200);
    expect((await team.state()).status).toBe('completed');
    const last = await db()
      .select()
      .from(gameEvents)
      .where(eq(gameEvents.game_id, team.gameId))
      .orderBy(asc(gameEvents.id));
    expect(last.at(-1)).toMatchObject({ kind: 'finish', details: { cause: 'staff' } });
    const over = await adjust(team.gameId, 3);
    expect(over.statusCode).toBe(409);
    expect(over.json()).toMatchObject({ error: { code: 'game_over' } });
    await expectLedgerAgrees(t.database.db, team.gameId);
    const audit = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'live.help'), eq(auditLog.target_id, team.gameId)));
    expect(audit).toHaveLength(5);
  });

  it('completes the game when staff skip its last step', async () => {
    clock.set(T0);
    const team = await startTeam('last@x.it');
    const { steps } = await team.state();
    for (const step of steps.slice(0, -1)) await team.skip(step.id);
    const res = await help(team.gameId, { action: 'skip_step', step_id: steps.at(-1)!.id });
    expect(res.statusCode).toBe(200);
    expect((await team.state()).status).toBe('completed');
    const [row] = await db()
      .select()
      .from(liveHeartbeat)
      .where(and(eq(liveHeartbeat.route_id, routeId), eq(liveHeartbeat.email, 'last@x.it')));
    expect(row).toMatchObject({ progress: steps.length, total: steps.length });
    expect((await kindsOf(team.gameId)).slice(-2)).toEqual(['help', 'finish']);
  });

  it("takes back a skip's award when staff reopen the step", async () => {
    clock.set(T0);
    const scope = await scopeOf(slug);
    await importRoute(
      t.database.db,
      scope,
      JSON.stringify({
        id: 'premio-salto',
        title: 'Premio salto',
        steps: [1, 2].map((ord) => ({
          ord,
          place: `Tappa ${ord}`,
          lat: 41.9,
          lng: 12.48,
          radius_m: 5000,
          task: 'Scrivi ok',
          check_type: 'text',
          check_answer: 'ok',
          scoring: { skip_award: 4 },
        })),
      }),
    );
    const team = await startPlayingTeam(t.app, {
      slug,
      email: 'award@x.it',
      routeSlug: 'premio-salto',
    });
    const { steps } = await team.state();
    expect((await team.skip(steps[0]!.id)).json()).toMatchObject({ points: 4, total_score: 4 });
    const reopened = await help(team.gameId, { action: 'reopen_step', step_id: steps[0]!.id });
    expect(reopened.json<LiveActionResult>()).toMatchObject({
      total_score: 0,
      event: { kind: 'help', points: -4 },
    });
    const state = await team.state();
    expect(state).toMatchObject({ current_step_index: 0, total_score: 0 });
    await expectLedgerAgrees(t.database.db, team.gameId);
  });

  it("shows a team its own ledger without the staff's names, and the route's as CSV", async () => {
    clock.set(T0);
    const team = await startTeam('mine@x.it');
    await adjust(team.gameId, 4);
    const own = await team.req('GET', `/games/${team.gameId}/ledger`);
    expect(own.statusCode).toBe(200);
    const ledger = own.json<TeamLedger>();
    expect(ledger.total_score).toBe(4);
    expect(ledger.entries).toHaveLength(1);
    expect(own.body).not.toContain(adminEmail);
    const someone = await startTeam('someone@x.it');
    expect((await someone.req('GET', `/games/${team.gameId}/ledger`)).statusCode).toBe(404);
    const csv = await staff('GET', `/routes/${routeId}/ledger.csv`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toMatch(/text\/csv/);
    expect(csv.body).toContain('Team,Step,Points,Kind,Reason,Actor,Time,Time Zone');
    expect(csv.body).toContain(`mine@x.it,,4,adjustment,Bonus foto,${adminEmail}`);
  });
});
