import { randomUUID } from 'node:crypto';
import type { ErrorBody } from '@tappa/contracts';
import { HANDOFF_CODE_LENGTH, HANDOFF_CODE_TTL_MS } from '@tappa/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gameHandoffCodes } from '../src/db/schema';
import { importRoute } from '../src/modules/routes/routes.service';
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
import { brandFields } from './helpers/forms';
import { ManualClock } from './helpers/manual-clock';
import { dataWithFiles } from './helpers/multipart';
import { startTeam, TREVI } from './helpers/team';

const T0 = Date.parse('2026-11-22T10:00:00Z');

interface Issued {
  code: string;
  expires_at: string;
}

describe(`'Continua su un altro telefono' (decision 0066) on ${TEST_DB}`, () => {
  let t: TestApp;
  const clock = new ManualClock(T0);
  let slug: string;
  let otherSlug: string;
  let address = 0;

  beforeAll(async () => {
    t = await createTestApp({ clock });
    const [a, b] = [await makeTenant(t.database.db), await makeTenant(t.database.db)];
    for (const tenant of [a, b]) {
      const scope = {
        kind: 'tenant',
        tenantId: tenant.id,
        slug: tenant.slug,
        role: 'superadmin',
      } as const;
      await importRoute(t.database.db, scope, await sampleRouteText());
    }
    slug = a.slug;
    otherSlug = b.slug;
  });
  afterAll(() => t.close());

  /** The second phone: no cookie of its own until it redeems, a client address of its own. */
  async function redeem(code: string, tenantSlug = slug) {
    address += 1;
    return call(t.app, null, {
      method: 'POST',
      url: `/api/play/${tenantSlug}/handoff/redeem`,
      payload: { code },
      remoteAddress: `10.66.${Math.floor(address / 250)}.${address % 250}`,
    });
  }

  /** A code of the team's game, issued at the clock's time. */
  async function issue(team: Awaited<ReturnType<typeof startTeam>>): Promise<Issued> {
    const res = await team.req('POST', `/games/${team.gameId}/handoff`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<Issued>();
  }

  const codeOf = (res: { json: <T>() => T }) => res.json<ErrorBody>().error.code;

  it('moves the game to a second phone that reads it and plays; the first phone plays on', async () => {
    clock.set(T0);
    const team = await startTeam(t.app, { slug, email: 'twophones@x.it' });
    const issued = await issue(team);
    expect(issued.code).toMatch(new RegExp(`^[A-Z2-9]{${HANDOFF_CODE_LENGTH}}$`));
    expect(Date.parse(issued.expires_at)).toBe(T0 + HANDOFF_CODE_TTL_MS);
    // Only the code's hash is stored.
    const rows = await rawDb(t.database.db).select().from(gameHandoffCodes);
    expect(JSON.stringify(rows)).not.toContain(issued.code);

    // Typed in lower case with a space, as a person might.
    const typed = `${issued.code.slice(0, 3).toLowerCase()} ${issued.code.slice(3)}`;
    const res = await redeem(typed);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ game_id: team.gameId, route_slug: 'roma-centro-storico' });
    const phoneB = cookieHeader(res.headers['set-cookie']);
    expect(phoneB).toMatch(/^tappa_player_/);

    const asB = (method: 'GET' | 'POST', url: string, payload?: object) =>
      call(t.app, phoneB, {
        method,
        url: `/api/play/${slug}/games/${team.gameId}${url}`,
        ...(payload ? { payload } : {}),
      });
    const state = (await asB('GET', '')).json<{ steps: { id: string }[] }>();
    const [first, second] = state.steps;
    const answered = await asB('POST', `/steps/${first!.id}/submit`, {
      submission_id: randomUUID(),
      answer: '1762',
      position: TREVI,
      heading_deg: null,
    });
    expect(answered.json()).toMatchObject({ outcome: 'correct', current_step_index: 1 });

    // The first phone's session stays valid and sees the second phone's progress.
    expect((await team.state()).current_step_index).toBe(1);
    const skipped = await team.skip(second!.id);
    expect(skipped.statusCode, skipped.body).toBe(200);
    expect((await asB('GET', '')).json()).toMatchObject({ current_step_index: 2 });
  });

  it('takes a code once', async () => {
    clock.set(T0);
    const team = await startTeam(t.app, { slug, email: 'once@x.it' });
    const { code } = await issue(team);
    const [first, second] = await Promise.all([redeem(code), redeem(code)]);
    expect([first.statusCode, second.statusCode].sort()).toEqual([200, 409]);
    const again = await redeem(code);
    expect(again.statusCode).toBe(409);
    expect(codeOf(again)).toBe('handoff_code_used');
    expect(again.headers['set-cookie']).toBeUndefined();
  });

  it('refuses a code after its 10 minutes', async () => {
    clock.set(T0);
    const team = await startTeam(t.app, { slug, email: 'late@x.it' });
    const { code } = await issue(team);
    const other = await issue(team);
    clock.set(T0 + HANDOFF_CODE_TTL_MS - 1);
    expect((await redeem(other.code)).statusCode).toBe(200);
    clock.set(T0 + HANDOFF_CODE_TTL_MS);
    const res = await redeem(code);
    expect(res.statusCode).toBe(410);
    expect(codeOf(res)).toBe('handoff_code_expired');
    expect(res.headers['set-cookie']).toBeUndefined();
  });

  it("does nothing on another tenant's address, and refuses codes it never issued", async () => {
    clock.set(T0);
    const team = await startTeam(t.app, { slug, email: 'tenant@x.it' });
    const { code } = await issue(team);
    const foreign = await redeem(code, otherSlug);
    expect(foreign.statusCode).toBe(404);
    expect(codeOf(foreign)).toBe('handoff_code_invalid');
    expect(foreign.headers['set-cookie']).toBeUndefined();
    // Still good at home: the foreign try used nothing up.
    expect((await redeem(code)).statusCode).toBe(200);
    for (const bad of ['AAAAAA', 'AB', 'IIIIII', '']) {
      expect(codeOf(await redeem(bad))).toBe('handoff_code_invalid');
    }
    // Only the game's own team gets a code of it.
    const stranger = await startTeam(t.app, { slug, email: 'stranger@x.it' });
    const res = await stranger.req('POST', `/games/${team.gameId}/handoff`);
    expect(res.statusCode).toBe(404);
    const anonymous = await call(t.app, null, {
      method: 'POST',
      url: `/api/play/${slug}/games/${team.gameId}/handoff`,
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it('refuses finished games and switched-off tenants with their errors', async () => {
    clock.set(T0);
    const team = await startTeam(t.app, { slug, email: 'finished@x.it' });
    const { code } = await issue(team);
    const { steps } = await team.state();
    for (const step of steps) await team.skip(step.id);
    expect((await team.state()).status).toBe('completed');
    const redeemed = await redeem(code);
    expect(redeemed.statusCode).toBe(409);
    expect(codeOf(redeemed)).toBe('handoff_game_finished');
    const issued = await team.req('POST', `/games/${team.gameId}/handoff`);
    expect(codeOf(issued)).toBe('handoff_game_finished');

    // A tenant switched off by the superadmin (its cached reads forget it at once).
    const off = await makeTenant(t.database.db);
    const scope = { kind: 'tenant', tenantId: off.id, slug: off.slug, role: 'superadmin' } as const;
    await importRoute(t.database.db, scope, await sampleRouteText());
    const other = await startTeam(t.app, { slug: off.slug, email: 'switched@x.it' });
    const live = await issue(other);
    const superadmin = await makeUser(t.database.db, { role: 'superadmin' });
    const superCookie = await signIn(t.app, superadmin.email, superadmin.password);
    const saveBrand = (isActive: boolean) =>
      call(t.app, superCookie, {
        method: 'PUT',
        url: `/api/tenants/${off.slug}/brand`,
        ...dataWithFiles(brandFields({ slug: off.slug, name: off.name, is_active: isActive })),
      });
    expect((await saveBrand(false)).statusCode).toBe(200);
    const res = await redeem(live.code, off.slug);
    expect(codeOf(res)).toBe('tenant_unavailable');
    expect(codeOf(await other.req('POST', `/games/${other.gameId}/handoff`))).toBe(
      'tenant_unavailable',
    );
    expect((await saveBrand(true)).statusCode).toBe(200);
    // Nothing was used up while the tenant was off.
    expect((await redeem(live.code, off.slug)).statusCode).toBe(200);
  });

  it('limits codes per game and tries per client address', async () => {
    clock.set(T0);
    const team = await startTeam(t.app, { slug, email: 'limits@x.it' });
    // A stranger's refused calls elsewhere do not use up the team's codes.
    for (let i = 0; i < 6; i++) {
      const refused = await call(t.app, null, {
        method: 'POST',
        url: `/api/play/${slug}/games/${team.gameId}/handoff`,
        remoteAddress: '10.68.0.1',
      });
      expect(refused.statusCode).toBe(i < 5 ? 401 : 429);
    }
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      statuses.push((await team.req('POST', `/games/${team.gameId}/handoff`)).statusCode);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);

    const guesses: number[] = [];
    for (let i = 0; i < 11; i++) {
      const res = await call(t.app, null, {
        method: 'POST',
        url: `/api/play/${slug}/handoff/redeem`,
        payload: { code: 'ZZZZZZ' },
        remoteAddress: '10.67.0.1',
      });
      guesses.push(res.statusCode);
    }
    expect(guesses.slice(0, 10).every((status) => status === 404)).toBe(true);
    expect(guesses[10]).toBe(429);
  });

  it('refuses a path that names no game with a clear error, before its limit is counted', async () => {
    const team = await startTeam(t.app, { slug, email: 'nul@x.it' });
    // Found by the fuzz tier: a NUL in the path reached the limits' table (a 500).
    const res = await team.req('POST', '/games/%00/handoff');
    expect(res.statusCode, res.body).toBe(400);
    expect(codeOf(res)).toBe('validation_failed');
  });
});
