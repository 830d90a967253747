import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routeAccessCodes, routes, teamRegistrations } from '../src/db/schema';
import { createTestApp, type TestApp } from './helpers/app';
import { rawDb, TEST_DB } from './helpers/database';
import { call, makeTenant, makeUser, signIn } from './helpers/factories';

interface Listed {
  id: string;
  code: string;
  is_used: boolean;
  used_at: string | null;
  used_by_email: string | null;
  used_by_team: string | null;
}

describe(`access codes admin on ${TEST_DB}`, () => {
  let t: TestApp;
  let cookie: string;
  let slug: string;
  let tenantId: string;
  let routeId: string;
  const codesUrl = () => `/api/tenants/${slug}/routes/${routeId}/access-codes`;
  const list = async () =>
    (await call(t.app, cookie, { method: 'GET', url: codesUrl() })).json<{ codes: Listed[] }>()
      .codes;
  const stored = () =>
    rawDb(t.database.db)
      .select()
      .from(routeAccessCodes)
      .where(eq(routeAccessCodes.route_id, routeId));

  beforeAll(async () => {
    t = await createTestApp();
    const tenant = await makeTenant(t.database.db);
    slug = tenant.slug;
    tenantId = tenant.id;
    const admin = await makeUser(t.database.db, { role: 'tenant_admin', tenantId });
    cookie = await signIn(t.app, admin.email, admin.password);
    const [route] = await rawDb(t.database.db)
      .insert(routes)
      .values({ tenant_id: tenantId, slug: 'con-codice', title: 'Con codice', access_type: 'code' })
      .returning();
    routeId = route!.id;
  });
  afterAll(() => t.close());

  it('lists a used code with the time and the team that used it', async () => {
    const db = rawDb(t.database.db);
    await db.insert(teamRegistrations).values({
      tenant_id: tenantId,
      email: 'gufi@example.org',
      team_name: 'Gufi',
    });
    const usedAt = new Date('2026-05-02T10:00:00Z');
    await db.insert(routeAccessCodes).values([
      { tenant_id: tenantId, route_id: routeId, code: 'USED2345' },
      { tenant_id: tenantId, route_id: routeId, code: 'FREE2345' },
    ]);
    await db
      .update(routeAccessCodes)
      .set({ is_used: true, used_at: usedAt, used_by_email: 'gufi@example.org' })
      .where(eq(routeAccessCodes.code, 'USED2345'));
    const codes = await list();
    expect(codes.find((c) => c.code === 'USED2345')).toMatchObject({
      is_used: true,
      used_at: usedAt.toISOString(),
      used_by_email: 'gufi@example.org',
      used_by_team: 'Gufi',
    });
    expect(codes.find((c) => c.code === 'FREE2345')).toMatchObject({
      is_used: false,
      used_by_team: null,
    });
  });

  it('deletes an unused code and keeps a used one', async () => {
    const before = await stored();
    const free = before.find((c) => c.code === 'FREE2345')!;
    const used = before.find((c) => c.code === 'USED2345')!;
    const removed = await call(t.app, cookie, {
      method: 'DELETE',
      url: `${codesUrl()}/${free.id}`,
    });
    expect(removed.statusCode).toBe(204);
    const refused = await call(t.app, cookie, {
      method: 'DELETE',
      url: `${codesUrl()}/${used.id}`,
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ error: { code: 'access_code_redeemed' } });
    const again = await call(t.app, cookie, { method: 'DELETE', url: `${codesUrl()}/${free.id}` });
    expect(again.json()).toMatchObject({ error: { code: 'access_code_not_found' } });
    expect((await stored()).map((c) => c.code)).toEqual(['USED2345']);
  });

  it("answers 404 for another tenant's code and leaves it alone", async () => {
    const other = await makeTenant(t.database.db);
    const db = rawDb(t.database.db);
    const [otherRoute] = await db
      .insert(routes)
      .values({ tenant_id: other.id, slug: 'altro', title: 'Altro', access_type: 'code' })
      .returning();
    const [foreign] = await db
      .insert(routeAccessCodes)
      .values({ tenant_id: other.id, route_id: otherRoute!.id, code: 'OTHR2345' })
      .returning();
    // Through its own route id (a foreign route) and through this tenant's route.
    for (const url of [
      `/api/tenants/${slug}/routes/${otherRoute!.id}/access-codes/${foreign!.id}`,
      `${codesUrl()}/${foreign!.id}`,
    ]) {
      expect((await call(t.app, cookie, { method: 'DELETE', url })).statusCode).toBe(404);
    }
    const left = await db
      .select()
      .from(routeAccessCodes)
      .where(eq(routeAccessCodes.id, foreign!.id));
    expect(left).toHaveLength(1);
  });

  it('refuses a malformed code id with a 400', async () => {
    const res = await call(t.app, cookie, { method: 'DELETE', url: `${codesUrl()}/not-a-uuid` });
    expect(res.statusCode).toBe(400);
    expect(await stored()).toHaveLength(1);
  });
});
