import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MIGRATIONS_DIR } from '../src/db/client';
import {
  authSessions,
  authUsers,
  authVerifications,
  emailSettings,
  liveHeartbeat,
  routeAccessCodes,
  routes,
  steps,
  superadminBrand,
  teamRegistrations,
  tenants,
  users,
} from '../src/db/schema';
import type { Drizzle } from '../src/db/drizzle';
import { hashToken } from '../src/modules/users/hashed-tokens';
import { createTestDatabase, rawDb, TEST_DB, type TestDatabase } from './helpers/database';

/** Runs `fn` and returns the database error it raised (PostgreSQL code in `cause` or itself). */
async function dbError(fn: () => Promise<unknown>): Promise<string> {
  try {
    await fn();
  } catch (err) {
    const e = err as { code?: string; cause?: { code?: string } };
    return e.cause?.code ?? e.code ?? 'unknown';
  }
  return 'no error';
}

describe(`schema and migrations on ${TEST_DB}`, () => {
  let d: TestDatabase;
  let db: Drizzle;
  let tenantId: string;
  let routeId: string;

  beforeAll(async () => {
    d = await createTestDatabase();
    db = rawDb(d.db);
    const [tenant] = await db.insert(tenants).values({ slug: 'acme', name: 'Acme' }).returning();
    tenantId = tenant!.id;
    const [route] = await db
      .insert(routes)
      .values({ tenant_id: tenantId, slug: 'giro', title: 'Giro' })
      .returning();
    routeId = route!.id;
  });
  afterAll(() => d.close());

  it("applies the spec's defaults to tenants and routes", async () => {
    const [tenant] = await db.select().from(tenants).where(eq(tenants.id, tenantId));
    expect(tenant).toMatchObject({
      primary_color: '#3B82F6',
      secondary_color: '#10B981',
      country: 'IT',
      is_active: true,
      expiry_date: null,
    });
    const [route] = await db.select().from(routes).where(eq(routes.id, routeId));
    expect(route).toMatchObject({
      route_type: 'progressive',
      access_type: 'free',
      is_free: true,
      geolocation_enabled: true,
      is_active: true,
      is_flash: false,
      time_limit_enabled: false,
    });
  });

  it('keeps tenant slugs unique, and route slugs unique within a tenant only', async () => {
    expect(await dbError(() => db.insert(tenants).values({ slug: 'acme', name: 'Other' }))).toBe(
      '23505',
    );
    expect(
      await dbError(() =>
        db.insert(routes).values({ tenant_id: tenantId, slug: 'giro', title: 'Again' }),
      ),
    ).toBe('23505');
    const [other] = await db.insert(tenants).values({ slug: 'beta', name: 'Beta' }).returning();
    await db.insert(routes).values({ tenant_id: other!.id, slug: 'giro', title: 'Same slug' });
  });

  it('allows one heartbeat per tenant, route and e-mail, and one registration per e-mail', async () => {
    const row = { tenant_id: tenantId, route_id: routeId, team_name: 'Lupi', email: 'a@b.it' };
    await db.insert(liveHeartbeat).values(row);
    expect(await dbError(() => db.insert(liveHeartbeat).values(row))).toBe('23505');
    const reg = { tenant_id: tenantId, email: 'a@b.it', team_name: 'Lupi' };
    await db.insert(teamRegistrations).values(reg);
    expect(await dbError(() => db.insert(teamRegistrations).values(reg))).toBe('23505');
  });

  it('keeps access codes unique within a route', async () => {
    const code = { tenant_id: tenantId, route_id: routeId, code: 'ABCD2345' };
    await db.insert(routeAccessCodes).values(code);
    expect(await dbError(() => db.insert(routeAccessCodes).values(code))).toBe('23505');
  });

  it('rejects values outside the spec (check constraints)', async () => {
    const step = {
      route_id: routeId,
      ord: 1,
      place: 'P',
      lat: 41.9,
      lng: 12.5,
      radius_m: 50,
      task: 'T',
      check_type: 'text' as const,
    };
    expect(await dbError(() => db.insert(steps).values({ ...step, orientation_deg: 45 }))).toBe(
      '23514',
    );
    expect(
      await dbError(() =>
        db
          .insert(routes)
          .values({ tenant_id: tenantId, slug: 'x', title: 'X', time_limit_minutes: 60 }),
      ),
    ).toBe('23514');
    await db.insert(steps).values({ ...step, orientation_deg: 270 });
  });

  it('deletes a route with its steps, and turns users of a deleted tenant into orphans', async () => {
    const [tenant] = await db.insert(tenants).values({ slug: 'gone', name: 'Gone' }).returning();
    const [route] = await db
      .insert(routes)
      .values({ tenant_id: tenant!.id, slug: 'r', title: 'R' })
      .returning();
    await db.insert(steps).values({
      route_id: route!.id,
      ord: 1,
      place: 'P',
      lat: 1,
      lng: 1,
      radius_m: 10,
      task: 'T',
      check_type: 'photo',
    });
    const [user] = await db
      .insert(users)
      .values({ email: 'x@y.it', role: 'tenant_admin', tenant_id: tenant!.id })
      .returning();
    await db.delete(tenants).where(eq(tenants.id, tenant!.id));
    expect(await db.select().from(steps).where(eq(steps.route_id, route!.id))).toHaveLength(0);
    const [orphan] = await db.select().from(users).where(eq(users.id, user!.id));
    expect(orphan?.tenant_id).toBeNull();
  });

  it('holds the platform brand and e-mail settings in one row each', async () => {
    await db.insert(superadminBrand).values({});
    const [brand] = await db.select().from(superadminBrand);
    expect(brand).toMatchObject({
      id: 'platform',
      primary_color: '#3B82F6',
      secondary_color: '#10B981',
    });
    expect(await dbError(() => db.insert(emailSettings).values({ id: 'second' }))).toBe('23514');
  });

  it('hashes the session tokens and reset links stored before tokens were hashed (0003)', async () => {
    const now = new Date();
    await db.insert(authUsers).values({
      id: 'legacy-user',
      name: 'Legacy',
      email: 'legacy@example.org',
      emailVerified: true,
      createdAt: now,
      updatedAt: now,
    });
    const token = 'PlainSessionToken0123456789abcdef';
    const identifier = 'reset-password:PlainResetToken0123456';
    await db.insert(authSessions).values({
      id: 'legacy-session',
      token,
      userId: 'legacy-user',
      expiresAt: now,
      createdAt: now,
      updatedAt: now,
    });
    await db.insert(authVerifications).values({
      id: 'legacy-reset',
      identifier,
      value: 'legacy-user',
      expiresAt: now,
      createdAt: now,
      updatedAt: now,
    });
    const migration = await readFile(
      path.join(MIGRATIONS_DIR, '0003_hash_identity_tokens.sql'),
      'utf8',
    );
    for (const statement of migration.split('--> statement-breakpoint')) {
      await db.execute(sql.raw(statement));
    }
    const [session] = await db
      .select()
      .from(authSessions)
      .where(eq(authSessions.id, 'legacy-session'));
    expect(session?.token).toBe(hashToken(token));
    const [reset] = await db
      .select()
      .from(authVerifications)
      .where(eq(authVerifications.id, 'legacy-reset'));
    expect(reset?.identifier).toBe(hashToken(identifier));
  });
});
