import { randomUUID } from 'node:crypto';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import type { AuditLogPage, Rankings, TeamErasure, TenantTeamDetail } from '@tappa/contracts';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  emailVerifications,
  games,
  gameSteps,
  idempotencyKeys,
  liveHeartbeat,
  messageDeliveries,
  messages,
  routeAccessCodes,
  routes,
  teamRegistrations,
} from '../src/db/schema';
import { importRoute } from '../src/modules/routes/routes.service';
import { RANKINGS_PUSH_INTERVAL_MS } from '../src/modules/scoreboards/rankings-hub';
import { createTestApp, type TestApp } from './helpers/app';
import { rawDb, TEST_DB } from './helpers/database';
import {
  call,
  cookieHeader,
  makeTenant,
  makeUser,
  signIn,
  sampleRouteText,
} from './helpers/factories';
import { fingerprint } from './helpers/fingerprint';
import { ManualClock } from './helpers/manual-clock';
import { multipart } from './helpers/multipart';
import { jpeg } from './helpers/sweep-world';

const T0 = Date.parse('2026-11-22T10:00:00Z');
/** How long the team takes over its first step. */
const TREVI_MS = 65_000;
const ROUTE = 'roma-centro-storico';
const TITLE = 'Roma: il cuore del centro storico';
const TREVI = { lat: 41.900932, lng: 12.483313, accuracy_m: 5 };
const CAMPO = { lat: 41.895652, lng: 12.472181, accuracy_m: 4 };
const png = () =>
  sharp({ create: { width: 16, height: 16, channels: 3, background: '#3B82F6' } })
    .png()
    .toBuffer();

/** Whether a file exists under the app's local storage. */
async function stored(dataDir: string, bucket: string, key: string): Promise<boolean> {
  try {
    await stat(path.join(dataDir, 'files', bucket, key));
    return true;
  } catch {
    return false;
  }
}

describe(`a team's detail and its erasure on request (Players tab) on ${TEST_DB}`, () => {
  let t: TestApp;
  // Time moves only when the test moves it: step times and the scoreboard's signal window.
  const clock = new ManualClock(T0);
  let slug: string;
  let tenantId: string;
  let admin: string;
  let manager: string;
  let superadmin: string;
  let foreignAdmin: string;
  let foreignTeamId: string;

  /** A team that identified, registered (with an avatar) and started the Rome route. */
  async function startTeam(email: string, teamName: string) {
    let cookie = '';
    const req = async (method: 'GET' | 'POST' | 'PUT', url: string, body?: object) => {
      const res = await call(t.app, cookie || null, {
        method,
        url: `/api/play/${slug}${url}`,
        remoteAddress: `10.41.${email.length}.${email.charCodeAt(0)}`,
        ...(body ?? {}),
      });
      const set = cookieHeader(res.headers['set-cookie']);
      if (set) cookie = set;
      return res;
    };
    await req('POST', '/identify', { payload: { email } });
    const form = multipart([
      { name: 'data', json: { team_name: teamName, team_members: 'Anna, Bruno' } },
      { name: 'avatar', file: await png(), filename: 'a.png', contentType: 'image/png' },
    ]);
    expect((await req('PUT', '/registration', form)).statusCode).toBe(200);
    const start = await req('POST', `/routes/${ROUTE}/start`);
    const gameId = start.json<{ game_id: string }>().game_id;
    const steps = (await req('GET', `/games/${gameId}`)).json<{ steps: { id: string }[] }>().steps;
    const submit = (stepId: string, body: Record<string, unknown>) =>
      req('POST', `/games/${gameId}/steps/${stepId}/submit`, {
        payload: {
          submission_id: randomUUID(),
          position: TREVI,
          heading_deg: null,
          answer: null,
          ...body,
        },
      });
    return { gameId, steps, req, submit, cookie: () => cookie };
  }

  /** The registration id of the team of `email`. */
  async function teamIdOf(email: string): Promise<string> {
    const [row] = await rawDb(t.database.db)
      .select({ id: teamRegistrations.id })
      .from(teamRegistrations)
      .where(eq(teamRegistrations.email, email));
    return row!.id;
  }

  const teamUrl = (teamId: string, tenantSlug = slug) =>
    `/api/tenants/${tenantSlug}/players/${teamId}`;
  const detail = (teamId: string, who: string | null) =>
    call(t.app, who, { method: 'GET', url: teamUrl(teamId) });
  const erase = (teamId: string, who: string | null) =>
    call(t.app, who, { method: 'DELETE', url: teamUrl(teamId) });
  /** Ends the scoreboard's signal window: the rankings changed since are computed afresh. */
  const settle = async () => {
    clock.advance(RANKINGS_PUSH_INTERVAL_MS);
    await t.app.scoreboards.hub.idle();
  };
  const scoreboardNames = async () =>
    (await call(t.app, null, { method: 'GET', url: `/api/public/tenants/${slug}/scoreboard` }))
      .json<Rankings>()
      .overall.map((row) => row.team_name);

  /**
   * A team that tried step 1 twice (wrong, then right), skipped steps 2 and 3, and took and sent
   * the photo of step 4.
   */
  async function playedTeam(email: string, teamName: string) {
    const team = await startTeam(email, teamName);
    const [trevi, pantheon, navona, campo] = team.steps;
    await team.submit(trevi!.id, { answer: '1700' });
    clock.advance(TREVI_MS);
    expect((await team.submit(trevi!.id, { answer: '1762' })).json()).toMatchObject({
      outcome: 'correct',
    });
    for (const step of [pantheon!, navona!]) {
      const skipped = await team.req('POST', `/games/${team.gameId}/steps/${step.id}/skip`, {
        payload: { submission_id: randomUUID() },
      });
      expect(skipped.json()).toMatchObject({ outcome: 'skipped' });
    }
    const photo = multipart([
      { name: 'photo', file: await jpeg(), filename: 'p.jpg', contentType: 'image/jpeg' },
    ]);
    const upload = await team.req('POST', `/games/${team.gameId}/steps/${campo!.id}/photo`, photo);
    expect(upload.statusCode).toBe(200);
    expect(
      (await team.submit(campo!.id, { position: CAMPO, heading_deg: 0 })).json(),
    ).toMatchObject({ outcome: 'correct' });
    return { ...team, teamId: await teamIdOf(email) };
  }

  beforeAll(async () => {
    t = await createTestApp({ clock });
    const db = t.database.db;
    const tenant = await makeTenant(db);
    ({ slug, id: tenantId } = tenant);
    await importRoute(
      db,
      { kind: 'tenant', tenantId, slug, role: 'superadmin' },
      await sampleRouteText(),
    );
    const person = async (opts: Parameters<typeof makeUser>[1]) => {
      const user = await makeUser(db, opts);
      return signIn(t.app, user.email, user.password);
    };
    admin = await person({ role: 'tenant_admin', tenantId });
    manager = await person({ role: 'game_manager', tenantId });
    superadmin = await person({ role: 'superadmin' });
    const other = await makeTenant(db);
    foreignAdmin = await person({ role: 'tenant_admin', tenantId: other.id });
    const [foreign] = await rawDb(db)
      .insert(teamRegistrations)
      .values({ tenant_id: other.id, email: 'foreign@example.org', team_name: 'Estera' })
      .returning();
    foreignTeamId = foreign!.id;
  });
  afterAll(() => t.close());

  it("shows the team's games to the staff: steps, tries, points, time and the photo", async () => {
    const team = await playedTeam('detail@example.org', 'I Dettagli');
    const res = await detail(team.teamId, manager);
    expect(res.statusCode).toBe(200);
    const body = res.json<TenantTeamDetail>();
    expect(body).toMatchObject({
      id: team.teamId,
      team_name: 'I Dettagli',
      email: 'detail@example.org',
      route_title: TITLE,
    });
    expect(body.avatar_url).toMatch(/\/files\/team-avatars\//);
    expect(Date.parse(body.registered_at)).not.toBeNaN();
    expect(body.games).toHaveLength(1);
    const [game] = body.games;
    expect(game).toMatchObject({
      id: team.gameId,
      route_title: TITLE,
      status: 'active',
      finished_at: null,
    });
    expect(game!.started_at).not.toBeNull();
    expect(game!.steps.map((s) => s.place)).toEqual([
      'Fontana di Trevi',
      'Pantheon',
      'Piazza Navona',
      "Campo de' Fiori",
      'Largo di Torre Argentina',
      'Altare della Patria',
    ]);
    const [trevi, pantheon, , campo, largo] = game!.steps;
    expect(trevi).toMatchObject({ status: 'ok', attempts: 2, photo_url: null });
    expect(trevi!.points).toBeGreaterThan(0);
    expect(trevi!.elapsed_ms).toBe(TREVI_MS);
    expect(pantheon).toMatchObject({ status: 'skipped', attempts: 0, points: 0 });
    expect(campo).toMatchObject({ status: 'ok', attempts: 1 });
    expect(largo).toMatchObject({ status: 'pending', attempts: 0, points: 0 });
    expect(game!.total_score).toBe(trevi!.points + campo!.points);
    // The photo is read through the private path, as the staff member it is shown to.
    expect(campo!.photo_url).toMatch(
      new RegExp(`^/api/play/${slug}/photos/${campo!.id}\\?v=\\d+$`),
    );
    const photo = await call(t.app, manager, { method: 'GET', url: campo!.photo_url! });
    expect(photo.statusCode).toBe(200);
    expect(photo.headers['content-type']).toBe('image/jpeg');
    expect((await call(t.app, null, { method: 'GET', url: campo!.photo_url! })).statusCode).toBe(
      404,
    );
    // An allow-list: no answers, no members, no payment, no game internals. The answer is looked
    // for as a JSON string, since an id or a timestamp may hold its digits.
    expect(res.body).not.toMatch(
      /check_answer|"1762"|GATTI42X|NAVONA-4FIUMI|Adriano|Anna, Bruno|payment|wrong_try|distance_m/,
    );
  });

  it("answers 404 for another tenant's team, a missing one, and to another tenant's staff", async () => {
    const own = await teamIdOf('detail@example.org');
    const foreign = await detail(foreignTeamId, admin);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toMatchObject({ error: { code: 'team_not_found' } });
    const missing = await detail(randomUUID(), admin);
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ error: { code: 'team_not_found' } });
    expect((await detail(own, foreignAdmin)).statusCode).toBe(404);
    expect((await detail(own, null)).statusCode).toBe(401);
    expect((await detail('not-a-uuid', admin)).statusCode).toBe(400);
    const before = await fingerprint(t.database.db);
    const foreignErase = await erase(foreignTeamId, admin);
    expect(foreignErase.statusCode).toBe(404);
    expect(foreignErase.json()).toMatchObject({ error: { code: 'team_not_found' } });
    expect((await erase(own, foreignAdmin)).statusCode).toBe(404);
    expect(await fingerprint(t.database.db)).toBe(before);
  });

  it('lets only the tenant admins and the superadmin erase a team', async () => {
    const own = await teamIdOf('detail@example.org');
    const team = await startTeam('intruder@example.org', 'Intrusi');
    const before = await fingerprint(t.database.db);
    const byManager = await erase(own, manager);
    expect(byManager.statusCode).toBe(403);
    expect(byManager.json()).toMatchObject({ error: { code: 'forbidden' } });
    expect((await erase(own, null)).statusCode).toBe(401);
    expect((await erase(own, team.cookie())).statusCode).toBe(401);
    expect(await fingerprint(t.database.db)).toBe(before);
  });

  it("erases the team's rows and files, leaves the others, and updates the scoreboard", async () => {
    const team = await playedTeam('erase@example.org', 'Da Cancellare');
    const other = await playedTeam('stay@example.org', 'Restano');
    const db = rawDb(t.database.db);
    const [route] = await db.select().from(routes).where(eq(routes.tenant_id, tenantId));
    await db.insert(emailVerifications).values({
      tenant_id: tenantId,
      email: 'erase@example.org',
      token_hash: `hash-${randomUUID()}`,
      expires_at: new Date(Date.UTC(2030, 0, 1)),
    });
    await db.insert(routeAccessCodes).values({
      tenant_id: tenantId,
      route_id: route!.id,
      code: 'ERASEDXX',
      is_used: true,
      used_at: new Date(),
      used_by_email: 'erase@example.org',
    });
    const [registration] = await db
      .select()
      .from(teamRegistrations)
      .where(eq(teamRegistrations.id, team.teamId));
    const avatarKey = registration!.avatar_url!.split('/team-avatars/')[1]!;
    const steps = await db.select().from(gameSteps).where(eq(gameSteps.game_id, team.gameId));
    const photoStep = steps.find((s) => s.photo_url !== null)!;
    const photoKey = `${tenantId}/${photoStep.id}.jpg`;
    expect(await stored(t.dataDir, 'game-photos', photoKey)).toBe(true);
    expect(await stored(t.dataDir, 'team-avatars', avatarKey)).toBe(true);
    // Its private thread with the staff, and an announcement to every team (decision 0084).
    const line = await team.req('POST', '/messages', {
      payload: { action_id: randomUUID(), body: 'Una domanda' },
    });
    expect(line.statusCode, line.body).toBe(200);
    const announcement = await call(t.app, admin, {
      method: 'POST',
      url: `/api/tenants/${slug}/messages`,
      payload: { action_id: randomUUID(), audience: 'tenant', body: 'A tutte le squadre' },
    });
    expect(announcement.statusCode, announcement.body).toBe(200);
    const shown = (await detail(team.teamId, admin)).json<TenantTeamDetail>().messages;
    expect(shown.map((m) => m.body)).toEqual(['Una domanda', 'A tutte le squadre']);
    // The rankings are read (and cached) before the erasure: its change signal must refresh them.
    await settle();
    expect(await scoreboardNames()).toEqual(expect.arrayContaining(['Da Cancellare', 'Restano']));

    const res = await erase(team.teamId, admin);
    expect(res.statusCode).toBe(200);
    expect(res.json<TeamErasure>()).toEqual({
      games: 1,
      photos: 1,
      files: 2,
      mails: 0,
      messages: 1,
      hints: 0,
      fixes: 0,
      payments_kept: 0,
    });
    const rowsOf = async <T>(rows: Promise<T[]>) => (await rows).length;
    expect(await rowsOf(db.select().from(messages).where(eq(messages.team_id, team.teamId)))).toBe(
      0,
    );
    expect(
      await rowsOf(
        db.select().from(messageDeliveries).where(eq(messageDeliveries.team_id, team.teamId)),
      ),
    ).toBe(0);
    // The announcement stays for the other teams.
    expect(
      await rowsOf(
        db.select().from(messages).where(eq(messages.id, announcement.json<{ id: string }>().id)),
      ),
    ).toBe(1);

    const byEmail = async <T>(rows: Promise<T[]>) => (await rows).length;
    expect(
      await byEmail(
        db.select().from(teamRegistrations).where(eq(teamRegistrations.email, 'erase@example.org')),
      ),
    ).toBe(0);
    expect(
      await byEmail(db.select().from(games).where(eq(games.owner_email, 'erase@example.org'))),
    ).toBe(0);
    expect(
      await byEmail(db.select().from(gameSteps).where(eq(gameSteps.game_id, team.gameId))),
    ).toBe(0);
    expect(
      await byEmail(
        db.select().from(liveHeartbeat).where(eq(liveHeartbeat.email, 'erase@example.org')),
      ),
    ).toBe(0);
    const replies = (gameId: string) =>
      byEmail(
        db
          .select()
          .from(idempotencyKeys)
          .where(eq(idempotencyKeys.scope, `game:${gameId}`)),
      );
    expect(await replies(team.gameId)).toBe(0);
    // The other team keeps its five: two tries at step 1, two skips, the try at step 4.
    expect(await replies(other.gameId)).toBe(5);
    expect(
      await byEmail(
        db
          .select()
          .from(emailVerifications)
          .where(eq(emailVerifications.email, 'erase@example.org')),
      ),
    ).toBe(0);
    const [code] = await db
      .select()
      .from(routeAccessCodes)
      .where(eq(routeAccessCodes.code, 'ERASEDXX'));
    expect(code).toMatchObject({ is_used: true, used_by_email: null });
    expect(await stored(t.dataDir, 'game-photos', photoKey)).toBe(false);
    expect(await stored(t.dataDir, 'team-avatars', avatarKey)).toBe(false);

    // The other team keeps everything.
    expect((await detail(other.teamId, admin)).json<TenantTeamDetail>().games).toHaveLength(1);
    const otherPhoto = (await detail(other.teamId, admin))
      .json<TenantTeamDetail>()
      .games[0]!.steps.find((s) => s.photo_url !== null)!;
    expect(
      (await call(t.app, admin, { method: 'GET', url: otherPhoto.photo_url! })).statusCode,
    ).toBe(200);

    // The list, the detail and the public scoreboard no longer know the team.
    const list = await call(t.app, admin, { method: 'GET', url: `/api/tenants/${slug}/players` });
    expect(list.body).not.toContain('erase@example.org');
    expect((await detail(team.teamId, admin)).statusCode).toBe(404);
    await settle();
    expect(await scoreboardNames()).not.toContain('Da Cancellare');
    expect(await scoreboardNames()).toContain('Restano');

    // The audit entry counts what was removed and names nobody.
    const audit = await call(t.app, superadmin, { method: 'GET', url: '/api/platform/audit-log' });
    const entry = audit.json<AuditLogPage>().entries.find((e) => e.action === 'team.erase');
    expect(entry).toMatchObject({
      target_id: team.teamId,
      target_label: null,
      details: {
        games: '1',
        photos: '1',
        avatars: '1',
        access_codes: '1',
        messages: '1',
        payments_kept: '0',
      },
    });
    expect(JSON.stringify(entry)).not.toMatch(/erase@example\.org|Da Cancellare/);

    // A retried erasure finds nothing and changes nothing.
    const before = await fingerprint(t.database.db);
    const again = await erase(team.teamId, admin);
    expect(again.statusCode).toBe(404);
    expect(again.json()).toMatchObject({ error: { code: 'team_not_found' } });
    expect(await fingerprint(t.database.db)).toBe(before);
  });

  it('lets the superadmin erase a team of any tenant, twice at once without harm', async () => {
    const team = await playedTeam('twice@example.org', 'Due Volte');
    const answers = await Promise.all([erase(team.teamId, superadmin), erase(team.teamId, admin)]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 404]);
    expect(
      (
        await rawDb(t.database.db)
          .select()
          .from(games)
          .where(eq(games.owner_email, 'twice@example.org'))
      ).length,
    ).toBe(0);
  });
});
