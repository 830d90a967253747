import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  emailVerifications,
  games,
  gameSteps,
  routeAccessCodes,
  routePricing,
  routes,
  teamRegistrations,
} from '../src/db/schema';
import { playerCookieName } from '../src/modules/access/player-cookie';
import { createTestApp, type TestApp } from './helpers/app';
import { rawDb, TEST_DB } from './helpers/database';
import { call, cookieHeader, makeTenant, sampleRouteText } from './helpers/factories';
import { outboxLinks } from './helpers/outbox';

/** A browser of one team: keeps its cookies between calls. */
function team(t: TestApp, slug: string) {
  let cookie = '';
  const ip = `10.20.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;
  const request = async (
    method: 'GET' | 'POST' | 'PUT',
    url: string,
    payload?: unknown,
    headers: Record<string, string> = {},
  ) => {
    const res = await call(t.app, cookie || null, {
      method,
      url: `/api/play/${slug}${url}`,
      headers,
      remoteAddress: ip,
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
    const set = cookieHeader(res.headers['set-cookie']);
    if (set) cookie = set;
    return res;
  };
  return {
    request,
    get cookie() {
      return cookie;
    },
    /** Identifies and registers the team (mail not configured). */
    async register(email: string, teamName: string) {
      await request('POST', '/identify', { email });
      const boundary = 'x-boundary';
      const body = `--${boundary}\r\nContent-Disposition: form-data; name="data"\r\n\r\n${JSON.stringify({ team_name: teamName, team_members: 'Anna, Marco' })}\r\n--${boundary}--\r\n`;
      const res = await request('PUT', '/registration', body, {
        'content-type': `multipart/form-data; boundary=${boundary}`,
      });
      expect(res.statusCode).toBe(200);
    },
  };
}

describe(`the player journey on ${TEST_DB}`, () => {
  let t: TestApp;
  let slug: string;
  let tenantId: string;
  let freeRouteId: string;

  beforeAll(async () => {
    t = await createTestApp();
    const tenant = await makeTenant(t.database.db, { name: 'Gioco' });
    slug = tenant.slug;
    tenantId = tenant.id;
    const scope = { kind: 'tenant', tenantId, slug, role: 'superadmin' } as const;
    const { importRoute } = await import('../src/modules/routes/routes.service');
    freeRouteId = (await importRoute(t.database.db, scope, await sampleRouteText())).route.id;
  });
  afterAll(() => t.close());

  it('identifies a new team, registers it, and greets it back', async () => {
    const a = team(t, slug);
    const first = await a.request('POST', '/identify', { email: 'Squadra@Example.org' });
    expect(first.json()).toEqual({
      mode: 'new',
      profile: { email: 'squadra@example.org', registration: null, paused_games: [] },
    });
    expect(String(first.headers['set-cookie'])).toMatch(/HttpOnly/i);
    await a.register('squadra@example.org', 'I Lupi');
    const again = await team(t, slug).request('POST', '/identify', {
      email: 'squadra@example.org',
    });
    expect(again.json()).toMatchObject({
      mode: 'returning',
      profile: { registration: { team_name: 'I Lupi', team_members: 'Anna, Marco' } },
    });
  });

  it("refuses a team's cookie moved under another tenant's cookie name", async () => {
    const a = team(t, slug);
    await a.register('mover@example.org', 'Traslocatori');
    const other = await makeTenant(t.database.db, { name: 'Altro' });
    // The same signed value, under the cookie name of the other tenant.
    const value = a.cookie.split('=').slice(1).join('=');
    const moved = `${playerCookieName(other.id)}=${value}`;
    const me = await call(t.app, moved, { method: 'GET', url: `/api/play/${other.slug}/me` });
    expect(me.statusCode).toBe(401);
    expect((await a.request('GET', '/me')).statusCode).toBe(200);
  });

  it('starts a free route with one pending game step per route step, and resumes it', async () => {
    const a = team(t, slug);
    await a.register('free@example.org', 'Aquile');
    const start = await a.request('POST', '/routes/roma-centro-storico/start');
    expect(start.statusCode).toBe(200);
    const { game_id } = start.json<{ next: string; game_id: string }>();
    expect(start.json()).toMatchObject({ next: 'play', route_slug: 'roma-centro-storico' });
    const [game] = await rawDb(t.database.db).select().from(games).where(eq(games.id, game_id));
    expect(game).toMatchObject({
      status: 'active',
      current_step_index: 0,
      total_score: 0,
      owner_email: 'free@example.org',
      team_name: 'Aquile',
    });
    const created = await rawDb(t.database.db)
      .select()
      .from(gameSteps)
      .where(eq(gameSteps.game_id, game_id));
    expect(created).toHaveLength(6);
    expect(created.every((s) => s.status === 'pending')).toBe(true);
    const [registration] = await rawDb(t.database.db)
      .select()
      .from(teamRegistrations)
      .where(eq(teamRegistrations.email, 'free@example.org'));
    expect(registration).toMatchObject({ payment_status: 'completed', route_id: freeRouteId });

    expect((await a.request('POST', '/routes/roma-centro-storico/start')).json()).toMatchObject({
      game_id,
    });
    const list = (await a.request('GET', '/routes')).json<{
      routes: { slug: string; in_progress: unknown }[];
    }>();
    expect(list.routes.find((r) => r.slug === 'roma-centro-storico')?.in_progress).toEqual({
      game_id,
      done: 0,
      total: 6,
    });

    // Another team (or nobody) cannot stop this game; its own team can.
    const stranger = team(t, slug);
    await stranger.register('stranger@example.org', 'Estranei');
    expect((await stranger.request('POST', `/games/${game_id}/pause`)).statusCode).toBe(404);
    expect((await a.request('POST', `/games/${game_id}/pause`)).statusCode).toBe(204);
    const me = (await a.request('GET', '/me')).json<{
      paused_games: { id: string; route_title: string; step_number: number }[];
    }>();
    expect(me.paused_games).toEqual([
      expect.objectContaining({
        id: game_id,
        route_title: 'Roma: il cuore del centro storico',
        step_number: 1,
      }),
    ]);
    expect((await a.request('POST', '/routes/roma-centro-storico/start')).json()).toMatchObject({
      game_id,
    });
    const [resumed] = await rawDb(t.database.db).select().from(games).where(eq(games.id, game_id));
    expect(resumed?.status).toBe('active');
  });

  it('never shows one team the games of another, nor a tenant the cookie of another', async () => {
    const a = team(t, slug);
    await a.register('alpha@example.org', 'Alpha');
    await a.request('POST', '/routes/roma-centro-storico/start');
    const b = team(t, slug);
    await b.register('beta@example.org', 'Beta');
    const bRoutes = (await b.request('GET', '/routes')).json<{
      routes: { in_progress: unknown }[];
    }>();
    expect(bRoutes.routes.every((r) => r.in_progress === null)).toBe(true);
    expect((await b.request('GET', '/me')).json()).toMatchObject({
      email: 'beta@example.org',
      paused_games: [],
    });

    const other = await makeTenant(t.database.db);
    const stolen = await call(t.app, a.cookie, {
      method: 'GET',
      url: `/api/play/${other.slug}/me`,
    });
    expect(stolen.statusCode).toBe(401);
    const [aGame] = await rawDb(t.database.db)
      .select()
      .from(games)
      .where(eq(games.owner_email, 'alpha@example.org'));
    const resumeByB = await b.request('POST', `/games/${aGame!.id}/resume`);
    expect(resumeByB.statusCode).toBe(404);
    expect((await a.request('POST', `/games/${aGame!.id}/resume`)).json()).toMatchObject({
      next: 'play',
      game_id: aGame!.id,
    });
    const forged = await call(t.app, a.cookie.replace(/=([^.;]+)/, '=beta%40example.org'), {
      method: 'GET',
      url: `/api/play/${slug}/me`,
    });
    expect(forged.statusCode).toBe(401);
  });

  it('redeems a code once, even when two teams submit it at the same moment', async () => {
    const [route] = await rawDb(t.database.db)
      .insert(routes)
      .values({ tenant_id: tenantId, slug: 'con-codice', title: 'Con codice', access_type: 'code' })
      .returning();
    await rawDb(t.database.db)
      .insert(routeAccessCodes)
      .values([
        { tenant_id: tenantId, route_id: route!.id, code: 'ABCD2345' },
        { tenant_id: tenantId, route_id: route!.id, code: 'WXYZ6789' },
      ]);
    const a = team(t, slug);
    const b = team(t, slug);
    await a.register('code-a@example.org', 'A');
    await b.register('code-b@example.org', 'B');
    expect((await a.request('POST', '/routes/con-codice/start')).json()).toEqual({ next: 'code' });
    expect(
      (await a.request('POST', '/routes/con-codice/redeem', { code: 'NOPE2345' })).json<{
        error: { code: string };
      }>().error.code,
    ).toBe('access_code_invalid');
    expect(
      (await a.request('POST', '/routes/con-codice/redeem', { code: ' ' })).json<{
        error: { code: string };
      }>().error.code,
    ).toBe('access_code_missing');

    const [ra, rb] = await Promise.all([
      a.request('POST', '/routes/con-codice/redeem', { code: 'abcd2345' }),
      b.request('POST', '/routes/con-codice/redeem', { code: 'ABCD2345' }),
    ]);
    const statuses = [ra.statusCode, rb.statusCode].sort();
    expect(statuses).toEqual([200, 409]);
    const loser = ra.statusCode === 409 ? ra : rb;
    expect(loser.json<{ error: { code: string } }>().error.code).toBe('access_code_used');
    const [used] = await rawDb(t.database.db)
      .select()
      .from(routeAccessCodes)
      .where(eq(routeAccessCodes.code, 'ABCD2345'));
    expect(used?.is_used).toBe(true);
    const winner = ra.statusCode === 200 ? a : b;
    expect((await winner.request('POST', '/routes/con-codice/start')).json()).toMatchObject({
      next: 'play',
    });
  });

  it('lets a team use up one code per route, however many it sends, even at once', async () => {
    const [route] = await rawDb(t.database.db)
      .insert(routes)
      .values({ tenant_id: tenantId, slug: 'un-codice', title: 'Un codice', access_type: 'code' })
      .returning();
    const codes = ['CODE2AAA', 'CODE2BBB', 'CODE2CCC', 'CODE2DDD', 'CODE2EEE'];
    await rawDb(t.database.db)
      .insert(routeAccessCodes)
      .values(codes.map((code) => ({ tenant_id: tenantId, route_id: route!.id, code })));
    const greedy = team(t, slug);
    await greedy.register('greedy@example.org', 'Golosi');
    const answers = await Promise.all(
      codes.slice(0, 4).map((code) => greedy.request('POST', '/routes/un-codice/redeem', { code })),
    );
    expect(answers.map((res) => res.statusCode)).toEqual([200, 200, 200, 200]);
    const games = new Set(answers.map((res) => res.json<{ game_id: string }>().game_id));
    expect(games.size).toBe(1);
    const again = await greedy.request('POST', '/routes/un-codice/redeem', { code: codes[4] });
    expect(again.json<{ game_id: string }>().game_id).toBe([...games][0]);
    const used = await rawDb(t.database.db)
      .select()
      .from(routeAccessCodes)
      .where(and(eq(routeAccessCodes.route_id, route!.id), eq(routeAccessCodes.is_used, true)));
    expect(used).toHaveLength(1);
  });

  it('sends paid routes to payment at the current price, or says there is none', async () => {
    const [route] = await rawDb(t.database.db)
      .insert(routes)
      .values({
        tenant_id: tenantId,
        slug: 'a-pagamento',
        title: 'A pagamento',
        access_type: 'paid',
        is_free: false,
      })
      .returning();
    const a = team(t, slug);
    await a.register('pay@example.org', 'Paganti');
    expect(
      (await a.request('POST', '/routes/a-pagamento/start')).json<{ error: { code: string } }>()
        .error.code,
    ).toBe('route_without_price');
    await rawDb(t.database.db)
      .insert(routePricing)
      .values([
        {
          tenant_id: tenantId,
          route_id: route!.id,
          date_from: '2020-01-01',
          date_to: '2099-12-31',
          cost_euro: '15.00',
          discount_price: '12.50',
          is_priority: 1,
        },
        {
          tenant_id: tenantId,
          route_id: route!.id,
          date_from: '2020-01-01',
          date_to: '2099-12-31',
          cost_euro: '20.00',
        },
      ]);
    expect((await a.request('POST', '/routes/a-pagamento/start')).json()).toEqual({
      next: 'payment',
      price_cents: 1250,
      route_id: route!.id,
    });
    const [registration] = await rawDb(t.database.db)
      .select()
      .from(teamRegistrations)
      .where(
        and(
          eq(teamRegistrations.tenant_id, tenantId),
          eq(teamRegistrations.email, 'pay@example.org'),
        ),
      );
    expect(registration).toMatchObject({ payment_status: 'pending', payment_amount: '12.50' });
  });

  it('refuses a route outside its dates, and shows details without tasks or answers', async () => {
    await rawDb(t.database.db)
      .insert(routes)
      .values({
        tenant_id: tenantId,
        slug: 'finita',
        title: 'Finita',
        date_start: new Date('2020-01-01'),
        date_end: new Date('2020-02-01'),
      });
    const a = team(t, slug);
    await a.register('late@example.org', 'Ritardatari');
    expect(
      (await a.request('POST', '/routes/finita/start')).json<{ error: { code: string } }>().error
        .code,
    ).toBe('route_unavailable');
    const details = await a.request('GET', '/routes/roma-centro-storico');
    expect(details.json()).toMatchObject({
      title: 'Roma: il cuore del centro storico',
      is_available: true,
    });
    // Six places about two kilometres apart in all (the fixture's description).
    const km = details.json<{ total_distance_km: number }>().total_distance_km;
    expect(km).toBeGreaterThan(1.5);
    expect(km).toBeLessThan(3);
    expect(
      details.json<{ places: { media_types: string[] }[] }>().places.map((p) => p.media_types),
    ).toEqual([['image'], [], [], ['audio'], [], ['video']]);
    expect(details.body).not.toMatch(/"1762"|GATTI42X|NAVONA-4FIUMI|check_answer|"task"/);
  });

  it('refuses everything on an inactive tenant', async () => {
    const off = await makeTenant(t.database.db, { is_active: false });
    const res = await call(t.app, null, {
      method: 'POST',
      url: `/api/play/${off.slug}/identify`,
      payload: { email: 'x@example.org' },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json<{ error: { code: string } }>().error.code).toBe('tenant_unavailable');
  });
});

describe(`e-mail verification on ${TEST_DB}`, () => {
  let t: TestApp;
  let slug: string;
  beforeAll(async () => {
    t = await createTestApp({ env: { MAIL_TRANSPORT: 'outbox', PUBLIC_URL: 'http://quest.test' } });
    slug = (await makeTenant(t.database.db)).slug;
  });
  afterAll(() => t.close());

  async function lastLink(email: string): Promise<string> {
    const links = await outboxLinks(t.dataDir, email, '/verify-email?token=');
    const link = links[links.length - 1];
    if (!link) throw new Error(`no verification link for ${email}`);
    return link;
  }

  it('asks for proof, verifies the e-mailed link once, and then knows the team', async () => {
    const a = team(t, slug);
    const first = await a.request('POST', '/identify', { email: 'verify@example.org' });
    expect(first.json()).toEqual({ mode: 'verification-sent', email: 'verify@example.org' });
    expect(first.headers['set-cookie']).toBeUndefined();
    expect((await a.request('GET', '/me')).statusCode).toBe(401);

    const link = await lastLink('verify@example.org');
    expect(link).toContain(`/${slug}/verify-email?token=`);
    const token = new URL(link).searchParams.get('token')!;
    // The database keeps the link's token only as its SHA-256.
    const rows = await rawDb(t.database.db)
      .select()
      .from(emailVerifications)
      .where(eq(emailVerifications.email, 'verify@example.org'));
    expect(JSON.stringify(rows)).not.toContain(token);
    expect(rows.map((row) => row.token_hash)).toEqual([
      createHash('sha256').update(token).digest('hex'),
    ]);
    const verified = await a.request('POST', '/verify', { token });
    expect(verified.json()).toEqual({ email: 'verify@example.org' });
    expect((await a.request('GET', '/me')).json()).toMatchObject({ email: 'verify@example.org' });
    expect(
      (await a.request('POST', '/identify', { email: 'verify@example.org' })).json(),
    ).toMatchObject({ mode: 'new' });

    const reuse = await team(t, slug).request('POST', '/verify', { token });
    expect(reuse.json<{ error: { code: string } }>().error.code).toBe('email_already_verified');
  });

  it('answers the exact reasons for bad tokens', async () => {
    const a = team(t, slug);
    const codeOf = async (token: string) =>
      (await a.request('POST', '/verify', { token })).json<{ error: { code: string } }>().error
        .code;
    expect(await codeOf('short')).toBe('verification_token_invalid');
    expect(await codeOf('A'.repeat(43))).toBe('verification_token_not_found');
    await a.request('POST', '/identify', { email: 'late@example.org' });
    const token = new URL(await lastLink('late@example.org')).searchParams.get('token')!;
    await rawDb(t.database.db)
      .update(emailVerifications)
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where(eq(emailVerifications.email, 'late@example.org'));
    expect(await codeOf(token)).toBe('verification_token_expired');
  });
});
