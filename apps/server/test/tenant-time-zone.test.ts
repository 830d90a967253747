import type { ErrorBody, PublicTenant, TenantDetail } from '@tappa/contracts';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { teamRegistrations } from '../src/db/schema';
import { createTestApp, type TestApp } from './helpers/app';
import { rawDb, TEST_DB } from './helpers/database';
import { call, makeTenant, makeUser, signIn } from './helpers/factories';
import { fingerprint } from './helpers/fingerprint';
import { brandFields, tenantFields } from './helpers/forms';
import { dataWithFiles } from './helpers/multipart';

describe(`the tenant's time zone on ${TEST_DB} (decision 0067)`, () => {
  let t: TestApp;
  let superCookie: string;
  beforeAll(async () => {
    t = await createTestApp();
    const superadmin = await makeUser(t.database.db, { role: 'superadmin' });
    superCookie = await signIn(t.app, superadmin.email, superadmin.password);
  });
  afterAll(() => t.close());

  async function adminOfNewTenant() {
    const tenant = await makeTenant(t.database.db);
    const admin = await makeUser(t.database.db, { role: 'tenant_admin', tenantId: tenant.id });
    return { tenant, cookie: await signIn(t.app, admin.email, admin.password) };
  }

  const putBrand = (
    cookie: string,
    slug: string,
    data: Record<string, unknown>,
    files?: Record<string, Buffer>,
  ) =>
    call(t.app, cookie, {
      method: 'PUT',
      url: `/api/tenants/${slug}/brand`,
      ...dataWithFiles(data, files),
    });

  it('starts on Rome, and the tenant admin moves it; staff and public reads carry it', async () => {
    const { tenant, cookie } = await adminOfNewTenant();
    const read = () =>
      call(t.app, cookie, { method: 'GET', url: `/api/tenants/${tenant.slug}/brand` });
    expect((await read()).json<TenantDetail>().time_zone).toBe('Europe/Rome');

    const saved = await putBrand(
      cookie,
      tenant.slug,
      brandFields({ slug: tenant.slug, time_zone: 'America/New_York' }),
    );
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json<TenantDetail>().time_zone).toBe('America/New_York');
    expect((await read()).json<TenantDetail>().time_zone).toBe('America/New_York');
    const pub = await call(t.app, null, {
      method: 'GET',
      url: `/api/public/tenants/${tenant.slug}`,
    });
    expect(pub.json<PublicTenant>().time_zone).toBe('America/New_York');

    // A form that does not send the zone (an older page) keeps it.
    const withoutZone = brandFields({ slug: tenant.slug });
    expect('time_zone' in withoutZone).toBe(false);
    expect((await putBrand(cookie, tenant.slug, withoutZone)).statusCode).toBe(200);
    expect((await read()).json<TenantDetail>().time_zone).toBe('America/New_York');
  });

  it('refuses a zone the server does not know with a clear error, changing nothing', async () => {
    const { tenant, cookie } = await adminOfNewTenant();
    const logo = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#000' } })
      .png()
      .toBuffer();
    const before = await fingerprint(t.database.db);
    for (const zone of ['Mars/Olympus_Mons', 'europe/rome', '', 'Europe/Rome; DROP TABLE']) {
      const res = await putBrand(
        cookie,
        tenant.slug,
        brandFields({ slug: tenant.slug, name: 'Nuovo nome', time_zone: zone }),
        { logo },
      );
      expect(res.statusCode).toBe(400);
      const { error } = res.json<ErrorBody>();
      expect(error.code).toBe('time_zone_unknown');
      expect(error.params).toEqual({ time_zone: zone });
    }
    const tooLong = await putBrand(
      cookie,
      tenant.slug,
      brandFields({ slug: tenant.slug, time_zone: 'x'.repeat(65) }),
    );
    expect(tooLong.json<ErrorBody>().error.code).toBe('validation_failed');
    expect(await fingerprint(t.database.db)).toBe(before);
  });

  it('lets the superadmin choose it in the tenant form, Rome when the form leaves it out', async () => {
    const create = (data: Record<string, unknown>) =>
      call(t.app, superCookie, {
        method: 'POST',
        url: '/api/platform/tenants',
        ...dataWithFiles(data),
      });
    const rome = await create(tenantFields({ name: 'Fuso Roma', admin_email: 'r@fuso.it' }));
    expect(rome.statusCode, rome.body).toBe(201);
    expect(rome.json<TenantDetail>().time_zone).toBe('Europe/Rome');
    const lisbon = await create(
      tenantFields({ name: 'Fuso Lisbona', admin_email: 'l@fuso.it', time_zone: 'Europe/Lisbon' }),
    );
    expect(lisbon.json<TenantDetail>().time_zone).toBe('Europe/Lisbon');
    const before = await fingerprint(t.database.db);
    const bad = await create(
      tenantFields({ name: 'Fuso Nessuno', admin_email: 'n@fuso.it', time_zone: 'Nowhere/City' }),
    );
    expect(bad.json<ErrorBody>().error.code).toBe('time_zone_unknown');
    expect(await fingerprint(t.database.db)).toBe(before);
  });

  it("writes the players CSV on the tenant's clock and names the zone", async () => {
    const { tenant, cookie } = await adminOfNewTenant();
    expect(
      (
        await putBrand(
          cookie,
          tenant.slug,
          brandFields({ slug: tenant.slug, time_zone: 'America/New_York' }),
        )
      ).statusCode,
    ).toBe(200);
    await rawDb(t.database.db)
      .insert(teamRegistrations)
      .values({
        tenant_id: tenant.id,
        email: 'ny@example.org',
        team_name: 'Yankees',
        // 02:30 UTC on 1 January is still 31 December, 21:30, in New York (UTC−5).
        registered_at: new Date('2026-01-01T02:30:00Z'),
      });
    const res = await call(t.app, cookie, {
      method: 'GET',
      url: `/api/tenants/${tenant.slug}/players.csv`,
    });
    const lines = res.body.slice(1).trimEnd().split('\n');
    expect(lines[0]).toBe('Team Name,Email,Route,Registered At,Game Started,Time Zone');
    expect(lines[1]).toBe('Yankees,ny@example.org,,"31/12/2025, 21:30",No,America/New_York');
  });
});
