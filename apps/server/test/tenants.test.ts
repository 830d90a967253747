import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { brandCssVariables } from '@tappa/domain';
import { count, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authUsers, games, routes, teamRegistrations, tenants, users } from '../src/db/schema';
import { rebuildIco } from '../src/infra/ico';
import { createTestApp, type TestApp } from './helpers/app';
import { rawDb, TEST_DB } from './helpers/database';
import { tenantFields } from './helpers/forms';
import { dataWithFiles } from './helpers/multipart';
import { call, makeTenant, makeUser, signIn } from './helpers/factories';
import { bmpImage, icoFile, pngImage } from './helpers/ico';

const png = () =>
  sharp({ create: { width: 40, height: 40, channels: 3, background: '#3B82F6' } })
    .png()
    .toBuffer();
// A real icon: a 32-pixel PNG and a 16-pixel BMP.
const ico = async () => icoFile([await pngImage(32), bmpImage(16)]);

async function storedFiles(dataDir: string): Promise<string[]> {
  const root = path.join(dataDir, 'files', 'brand-assets');
  const entries = await readdir(root, { recursive: true }).catch(() => []);
  return entries.filter((e) => /\.(png|jpg|webp|ico)$/.test(e));
}

describe(`tenant management on ${TEST_DB}`, () => {
  let t: TestApp;
  let superCookie: string;
  beforeAll(async () => {
    t = await createTestApp();
    const superadmin = await makeUser(t.database.db, { role: 'superadmin' });
    superCookie = await signIn(t.app, superadmin.email, superadmin.password);
  });
  afterAll(() => t.close());

  const post = (
    data: Record<string, unknown>,
    files?: Record<string, Buffer>,
    cookie = superCookie,
  ) =>
    call(t.app, cookie, {
      method: 'POST',
      url: '/api/platform/tenants',
      ...dataWithFiles(data, files),
    });

  it('creates a tenant with its first admin and images, who then signs in to it', async () => {
    const res = await post(tenantFields(), { logo: await png(), favicon: await ico() });
    expect(res.statusCode).toBe(201);
    const created = res.json<{ id: string; slug: string; logo_url: string; favicon_url: string }>();
    expect(created).toMatchObject({ slug: 'citta-di-prova', country: 'IT', is_active: true });
    expect(created.logo_url).toMatch(/^\/files\/brand-assets\/[\w-]+\/logo-\w+\.png$/);
    expect(created.favicon_url).toMatch(/\/favicon-\w+\.ico$/);
    const favicon = await t.app.inject({ method: 'GET', url: created.favicon_url });
    expect(favicon.headers['content-type']).toBe('image/x-icon');
    // What is stored is an icon made of the checked images only.
    expect(await rebuildIco(favicon.rawPayload, { maxInputPixels: 1_000_000 })).toEqual(
      favicon.rawPayload,
    );
    const logo = await t.app.inject({ method: 'GET', url: created.logo_url });
    expect(logo.headers['content-type']).toBe('image/png');
    expect((await sharp(logo.rawPayload).metadata()).format).toBe('png');

    const cookie = await signIn(t.app, 'first.admin@prova.it', 'first-pass');
    const session = await call(t.app, cookie, { method: 'GET', url: '/api/session' });
    expect(session.json()).toMatchObject({
      profile: { role: 'tenant_admin', tenant_id: created.id },
      tenants: [{ slug: 'citta-di-prova', role: 'tenant_admin' }],
    });
    const list = await call(t.app, superCookie, { method: 'GET', url: '/api/platform/tenants' });
    expect(list.json<{ tenants: { slug: string }[] }>().tenants[0]?.slug).toBe('citta-di-prova');
  });

  it('creates a tenant without images', async () => {
    const res = await post(tenantFields({ name: 'Senza Immagini', admin_email: 'plain@x.it' }));
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ slug: 'senza-immagini', logo_url: null, favicon_url: null });
  });

  it('refuses bad input with a clear error and creates nothing', async () => {
    const before = await rawDb(t.database.db).select({ n: count() }).from(tenants);
    const filesBefore = await storedFiles(t.dataDir);
    const cases: [Record<string, unknown>, Record<string, Buffer> | undefined, number, object][] = [
      [
        tenantFields({ slug: 'superadmin', admin_email: 'a1@x.it' }),
        undefined,
        409,
        { code: 'tenant_slug_reserved', params: { slug: 'superadmin' } },
      ],
      [
        tenantFields({ company_name: '', admin_email: 'a2@x.it' }),
        undefined,
        400,
        { code: 'validation_failed', params: { fields: 'company_name' } },
      ],
      [
        tenantFields({ admin_password: '12345', admin_email: 'a3@x.it' }),
        undefined,
        400,
        { code: 'password_too_short', params: { min: 6 } },
      ],
      [
        tenantFields({ slug: 'citta-di-prova', admin_email: 'a4@x.it' }),
        undefined,
        409,
        { code: 'tenant_slug_taken', params: { slug: 'citta-di-prova' } },
      ],
      // The admin e-mail already has an account: the tenant must not be left behind.
      [
        tenantFields({ name: 'Half Way', admin_email: 'first.admin@prova.it' }),
        { logo: await png() },
        409,
        { code: 'email_taken', params: { email: 'first.admin@prova.it' } },
      ],
      [
        tenantFields({ name: 'Fake Image', admin_email: 'a5@x.it' }),
        { logo: Buffer.from('<svg>not a png</svg>') },
        415,
        { code: 'image_type_refused', params: { field: 'logo', allowed: 'PNG, JPEG, WebP' } },
      ],
      [
        tenantFields({ name: 'Icon Logo', admin_email: 'a6@x.it' }),
        { logo: await ico() },
        415,
        { code: 'image_type_refused', params: { field: 'logo' } },
      ],
    ];
    for (const [data, files, status, error] of cases) {
      const res = await post(data, files);
      expect(res.statusCode, JSON.stringify(data)).toBe(status);
      expect(res.json()).toMatchObject({ error });
    }
    expect(await rawDb(t.database.db).select({ n: count() }).from(tenants)).toEqual(before);
    expect(
      await rawDb(t.database.db).select().from(tenants).where(eq(tenants.slug, 'half-way')),
    ).toEqual([]);
    expect(await storedFiles(t.dataDir)).toEqual(filesBefore);
    const strays = await rawDb(t.database.db)
      .select()
      .from(authUsers)
      .where(eq(authUsers.email, 'a5@x.it'));
    expect(strays).toEqual([]);
  });

  it('refuses a favicon that only starts like an icon, and stores nothing', async () => {
    const good = await ico();
    const outside = Buffer.from(good);
    outside.writeUInt32LE(good.length, 6 + 12);
    const favicons: [string, Buffer][] = [
      ['header only', good.subarray(0, 6)],
      ['truncated', good.subarray(0, good.length - 100)],
      ['an entry pointing outside', outside],
      [
        'garbage after a valid header',
        Buffer.concat([good.subarray(0, 38), Buffer.alloc(good.length - 38, 7)]),
      ],
    ];
    const existing = await post(tenantFields({ name: 'Con Icona', admin_email: 'icon@x.it' }));
    const { id } = existing.json<{ id: string }>();
    const tenantsBefore = await rawDb(t.database.db).select().from(tenants).orderBy(tenants.id);
    const identitiesBefore = await rawDb(t.database.db).select({ n: count() }).from(authUsers);
    const filesBefore = await storedFiles(t.dataDir);
    for (const [why, favicon] of favicons) {
      const created = await post(
        tenantFields({ name: `Icona ${why}`, admin_email: 'icon-new@x.it' }),
        { favicon },
      );
      const edited = await call(t.app, superCookie, {
        method: 'PUT',
        url: `/api/platform/tenants/${id}`,
        ...dataWithFiles(tenantFields({ name: 'Con Icona', admin_email: 'icon@x.it' }), {
          favicon,
        }),
      });
      for (const res of [created, edited]) {
        expect(res.statusCode, why).toBe(415);
        expect(res.json(), why).toMatchObject({
          error: { code: 'image_type_refused', params: { field: 'favicon' } },
        });
      }
    }
    expect(await rawDb(t.database.db).select().from(tenants).orderBy(tenants.id)).toEqual(
      tenantsBefore,
    );
    expect(await rawDb(t.database.db).select({ n: count() }).from(authUsers)).toEqual(
      identitiesBefore,
    );
    expect(await storedFiles(t.dataDir)).toEqual(filesBefore);
  });

  it('edits a tenant: a blank password keeps the current one, a new logo replaces the old file', async () => {
    const res = await post(tenantFields({ name: 'Editabile', admin_email: 'edit.admin@x.it' }), {
      logo: await png(),
    });
    const { id, logo_url: oldLogo } = res.json<{ id: string; logo_url: string }>();
    const put = (data: Record<string, unknown>, files?: Record<string, Buffer>) =>
      call(t.app, superCookie, {
        method: 'PUT',
        url: `/api/platform/tenants/${id}`,
        ...dataWithFiles(data, files),
      });

    const kept = await put(
      tenantFields({
        name: 'Editabile',
        slug: 'nuovo-slug',
        admin_email: 'edit.admin@x.it',
        admin_password: '',
        city: 'Milano',
      }),
      { logo: await png() },
    );
    expect(kept.statusCode).toBe(200);
    const edited = kept.json<{ slug: string; city: string; logo_url: string }>();
    expect(edited).toMatchObject({ slug: 'nuovo-slug', city: 'Milano' });
    expect(edited.logo_url).not.toBe(oldLogo);
    expect((await t.app.inject({ method: 'GET', url: oldLogo })).statusCode).toBe(404);
    const oldSession = await signIn(t.app, 'edit.admin@x.it', 'first-pass');

    expect(
      (
        await put(
          tenantFields({
            name: 'Editabile',
            slug: 'nuovo-slug',
            admin_email: 'edit.admin@x.it',
            admin_password: 'changed-pw',
          }),
        )
      ).statusCode,
    ).toBe(200);
    await signIn(t.app, 'edit.admin@x.it', 'changed-pw');
    // A password the superadmin sets ends the sessions opened with the old one.
    expect((await call(t.app, oldSession, { method: 'GET', url: '/api/session' })).statusCode).toBe(
      401,
    );
    const detail = await call(t.app, superCookie, {
      method: 'GET',
      url: `/api/platform/tenants/${id}`,
    });
    expect(detail.json()).toMatchObject({ id, slug: 'nuovo-slug', admin_email: 'edit.admin@x.it' });
  });

  it('deletes a tenant with its data and files; its users become orphans', async () => {
    const res = await post(tenantFields({ name: 'Da Eliminare', admin_email: 'gone.admin@x.it' }), {
      logo: await png(),
    });
    const { id, logo_url } = res.json<{ id: string; logo_url: string }>();
    await rawDb(t.database.db).insert(routes).values({ tenant_id: id, slug: 'r', title: 'R' });
    const del = await call(t.app, superCookie, {
      method: 'DELETE',
      url: `/api/platform/tenants/${id}`,
    });
    expect(del.statusCode).toBe(204);
    expect(
      await rawDb(t.database.db).select().from(routes).where(eq(routes.tenant_id, id)),
    ).toEqual([]);
    const [orphan] = await rawDb(t.database.db)
      .select()
      .from(users)
      .where(eq(users.email, 'gone.admin@x.it'));
    expect(orphan?.tenant_id).toBeNull();
    expect((await t.app.inject({ method: 'GET', url: logo_url })).statusCode).toBe(404);
    const again = await call(t.app, superCookie, {
      method: 'DELETE',
      url: `/api/platform/tenants/${id}`,
    });
    expect(again.statusCode).toBe(404);
  });

  it('shows the public face of a tenant, unavailable when inactive or expired', async () => {
    const live = await makeTenant(t.database.db, { name: 'Live' });
    const expired = await makeTenant(t.database.db, { expiry_date: '2020-01-01' });
    const inactive = await makeTenant(t.database.db, { is_active: false });
    const get = (slug: string) =>
      t.app.inject({ method: 'GET', url: `/api/public/tenants/${slug}` });
    expect((await get(live.slug)).json()).toMatchObject({ name: 'Live', is_available: true });
    expect((await get(live.slug)).json()).toMatchObject({ status: 'active' });
    // The colours come with their accessible shades as the player pages' CSS variables.
    const { primary_color, secondary_color, brand_style } = (await get(live.slug)).json<{
      primary_color: string;
      secondary_color: string;
      brand_style: Record<string, string>;
    }>();
    expect(brand_style).toEqual(brandCssVariables({ primary_color, secondary_color }));
    expect(brand_style['--color-primary']).toBe(primary_color);
    expect((await get(expired.slug)).json()).toMatchObject({
      is_available: false,
      status: 'expired',
    });
    expect((await get(inactive.slug)).json()).toMatchObject({
      is_available: false,
      status: 'inactive',
    });
    expect((await get('no-such-tenant')).statusCode).toBe(404);

    // The superadmin's table marks them too.
    const list = await call(t.app, superCookie, { method: 'GET', url: '/api/platform/tenants' });
    const statuses = new Map(
      list
        .json<{ tenants: { id: string; status: string }[] }>()
        .tenants.map((row) => [row.id, row.status]),
    );
    expect([live, expired, inactive].map((row) => statuses.get(row.id))).toEqual([
      'active',
      'expired',
      'inactive',
    ]);
    const brand = await t.app.inject({ method: 'GET', url: '/api/public/platform-brand' });
    expect(brand.json()).toMatchObject({ primary_color: '#3B82F6', secondary_color: '#10B981' });
  });

  /** The tenant dashboard's numbers, as its admin reads them. */
  const dashboardOf = async (tenant: { id: string; slug: string }) => {
    const admin = await makeUser(t.database.db, { role: 'tenant_admin', tenantId: tenant.id });
    const cookie = await signIn(t.app, admin.email, admin.password);
    const res = await call(t.app, cookie, {
      method: 'GET',
      url: `/api/tenants/${tenant.slug}/dashboard`,
    });
    return res.json<unknown>();
  };

  it('counts routes, registered teams and those with a game started in the last 7 days', async () => {
    const tenant = await makeTenant(t.database.db);
    const [route] = await rawDb(t.database.db)
      .insert(routes)
      .values({ tenant_id: tenant.id, slug: 'r', title: 'R' })
      .returning();
    await rawDb(t.database.db)
      .insert(teamRegistrations)
      .values([
        { tenant_id: tenant.id, email: 'a@x.it', team_name: 'A' },
        { tenant_id: tenant.id, email: 'b@x.it', team_name: 'B' },
      ]);
    const day = 24 * 60 * 60 * 1000;
    const game = {
      tenant_id: tenant.id,
      route_id: route!.id,
      team_name: 'A',
      owner_email: 'a@x.it',
    };
    await rawDb(t.database.db)
      .insert(games)
      .values([
        { ...game, started_at: new Date(Date.now() - 2 * day) },
        { ...game, started_at: new Date(Date.now() - 8 * day) },
        { ...game, started_at: null },
      ]);
    expect(await dashboardOf(tenant)).toEqual({ routes: 1, registrations: 2, activePlayers: 1 });
  });

  it('counts active players as registered teams, never more than the total', async () => {
    const tenant = await makeTenant(t.database.db);
    const [one, two] = await rawDb(t.database.db)
      .insert(routes)
      .values([
        { tenant_id: tenant.id, slug: 'uno', title: 'Uno' },
        { tenant_id: tenant.id, slug: 'due', title: 'Due' },
      ])
      .returning();
    await rawDb(t.database.db)
      .insert(teamRegistrations)
      .values({ tenant_id: tenant.id, email: 'a@x.it', team_name: 'A' });
    // One team this week: two routes, one of them played twice.
    const startedAt = new Date(Date.now() - 60 * 60 * 1000);
    const game = {
      tenant_id: tenant.id,
      team_name: 'A',
      owner_email: 'a@x.it',
      started_at: startedAt,
    };
    await rawDb(t.database.db)
      .insert(games)
      .values([
        { ...game, route_id: one!.id },
        { ...game, route_id: one!.id },
        { ...game, route_id: two!.id },
      ]);
    expect(await dashboardOf(tenant)).toEqual({ routes: 2, registrations: 1, activePlayers: 1 });
  });
});
