import { readdir } from 'node:fs/promises';
import path from 'node:path';
import type { ErrorBody, PublicTenant, TenantDetail } from '@tappa/contracts';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/app';
import { TEST_DB } from './helpers/database';
import { call, makeTenant, makeUser, signIn } from './helpers/factories';
import { fingerprint } from './helpers/fingerprint';
import { brandFields, tenantFields } from './helpers/forms';
import { icoFile, pngImage } from './helpers/ico';
import { dataWithFiles } from './helpers/multipart';

const png = (background = '#3B82F6') =>
  sharp({ create: { width: 60, height: 30, channels: 3, background } })
    .png()
    .toBuffer();

async function storedFiles(dataDir: string, tenantId: string): Promise<string[]> {
  const root = path.join(dataDir, 'files', 'brand-assets', tenantId);
  return (await readdir(root).catch(() => [])).filter((name) => /\.(png|ico)$/.test(name)).sort();
}

describe(`the tenant's Brand tab on ${TEST_DB}`, () => {
  let t: TestApp;
  let superCookie: string;
  beforeAll(async () => {
    t = await createTestApp();
    const superadmin = await makeUser(t.database.db, { role: 'superadmin' });
    superCookie = await signIn(t.app, superadmin.email, superadmin.password);
  });
  afterAll(() => t.close());

  /** A tenant with a signed-in admin and game manager. */
  async function world() {
    const tenant = await makeTenant(t.database.db);
    const admin = await makeUser(t.database.db, { role: 'tenant_admin', tenantId: tenant.id });
    const manager = await makeUser(t.database.db, { role: 'game_manager', tenantId: tenant.id });
    return {
      tenant,
      adminCookie: await signIn(t.app, admin.email, admin.password),
      managerCookie: await signIn(t.app, manager.email, manager.password),
    };
  }

  const put = (
    cookie: string | null,
    slug: string,
    data: Record<string, unknown>,
    files?: Record<string, Buffer>,
  ) =>
    call(t.app, cookie, {
      method: 'PUT',
      url: `/api/tenants/${slug}/brand`,
      ...dataWithFiles(data, files),
    });
  const get = (cookie: string | null, slug: string) =>
    call(t.app, cookie, { method: 'GET', url: `/api/tenants/${slug}/brand` });

  it('lets the tenant admin change every field and all five images, with rich text sanitised', async () => {
    const { tenant, adminCookie } = await world();
    const images = {
      logo: await png(),
      favicon: icoFile([await pngImage(32)]),
      footer_logo: await png('#000000'),
      brand_logo: await png('#FF0000'),
      brand_favicon: await png('#00FF00'),
    };
    const res = await put(
      adminCookie,
      tenant.slug,
      brandFields({
        slug: tenant.slug,
        name: 'Roma Segreta',
        payoff: '<p><b>Scopri</b> <i>Roma</i> <u>giocando</u><script>alert(1)</script></p>',
        description: '<p onclick="x()">Una <a href="https://x.test">città</a></p>',
        city: 'Roma',
        country: 'FR',
        phone: '+39 06 1234',
        mobile: '+39 333 1234',
        email: 'info@roma.test',
        is_active: true,
      }),
      images,
    );
    expect(res.statusCode).toBe(200);
    const saved = res.json<TenantDetail>();
    expect(saved).toMatchObject({
      name: 'Roma Segreta',
      payoff: '<p><strong>Scopri</strong> <em>Roma</em> <u>giocando</u></p>',
      description: '<p>Una città</p>',
      country: 'FR',
      phone: '+39 06 1234',
      mobile: '+39 333 1234',
      email: 'info@roma.test',
    });
    for (const field of Object.keys(images)) {
      const url = saved[`${field}_url` as keyof TenantDetail] as string;
      expect(url).toMatch(
        new RegExp(`^/files/brand-assets/${tenant.id}/${field.replace('_', '-')}-`),
      );
      expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(200);
    }
    expect(await storedFiles(t.dataDir, tenant.id)).toHaveLength(5);

    // The player pages get the sanitised rich text and the brand images.
    const page = await t.app.inject({ method: 'GET', url: `/api/public/tenants/${tenant.slug}` });
    expect(page.json<PublicTenant>()).toMatchObject({
      payoff: saved.payoff,
      description: saved.description,
      brand_logo_url: saved.brand_logo_url,
      brand_favicon_url: saved.brand_favicon_url,
    });
    expect(page.body).not.toContain('<script');

    // A replaced image leaves storage once the new one is saved; the others stay.
    const again = await put(adminCookie, tenant.slug, brandFields({ slug: tenant.slug }), {
      footer_logo: await png('#FFFFFF'),
    });
    expect(again.statusCode).toBe(200);
    const files = await storedFiles(t.dataDir, tenant.id);
    expect(files).toHaveLength(5);
    expect(files).not.toContain(path.basename(saved.footer_logo_url ?? ''));
    expect((await get(adminCookie, tenant.slug)).json<TenantDetail>().name).toBe('Città di Prova');
  });

  it("keeps the expiry date, which is the platform's, out of the tenant admin's reach", async () => {
    const { tenant, adminCookie } = await world();
    const res = await put(
      adminCookie,
      tenant.slug,
      brandFields({ slug: tenant.slug, expiry_date: '2099-12-31' }),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json<TenantDetail>().expiry_date).toBeNull();
  });

  it('refuses bad input and images that are not what they claim, changing nothing', async () => {
    const { tenant, adminCookie } = await world();
    const before = await fingerprint(t.database.db);
    const cases: [Record<string, unknown>, Record<string, Buffer> | undefined, string][] = [
      [brandFields({ name: '' }), undefined, 'validation_failed'],
      [brandFields({ primary_color: 'red' }), undefined, 'validation_failed'],
      [brandFields({ country: 'XX' }), undefined, 'validation_failed'],
      [brandFields({ payoff: 'x'.repeat(501) }), undefined, 'validation_failed'],
      [brandFields({ location_retention_days: 91 }), undefined, 'validation_failed'],
      [brandFields({ location_retention_days: -1 }), undefined, 'validation_failed'],
      [brandFields({ location_retention_days: 1.5 }), undefined, 'validation_failed'],
      [brandFields({ slug: 'login' }), undefined, 'tenant_slug_reserved'],
      [
        brandFields({ slug: tenant.slug }),
        { logo: Buffer.from('<svg></svg>') },
        'image_type_refused',
      ],
      [
        brandFields({ slug: tenant.slug }),
        { footer_logo: icoFile([await pngImage(16)]) },
        'image_type_refused',
      ],
    ];
    for (const [data, files, code] of cases) {
      const res = await put(adminCookie, tenant.slug, data, files);
      expect(res.json<ErrorBody>().error.code, JSON.stringify(data).slice(0, 80)).toBe(code);
    }
    expect(await fingerprint(t.database.db)).toBe(before);
    expect(await storedFiles(t.dataDir, tenant.id)).toEqual([]);
  });

  it("keeps the teams' positions for the days the admin sets, 30 until then (decision 0086)", async () => {
    const { tenant, adminCookie } = await world();
    expect((await get(adminCookie, tenant.slug)).json<TenantDetail>().location_retention_days).toBe(
      30,
    );
    const saved = await put(
      adminCookie,
      tenant.slug,
      brandFields({ slug: tenant.slug, location_retention_days: 7 }),
    );
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json<TenantDetail>().location_retention_days).toBe(7);
    // Left out: unchanged.
    const again = await put(adminCookie, tenant.slug, brandFields({ slug: tenant.slug }));
    expect(again.json<TenantDetail>().location_retention_days).toBe(7);
  });

  it('is for the tenant admin and the superadmin to change; staff read it, others get nothing', async () => {
    const { tenant, managerCookie } = await world();
    const other = await world();
    expect((await get(managerCookie, tenant.slug)).statusCode).toBe(200);
    const before = await fingerprint(t.database.db);
    const refused = await put(managerCookie, tenant.slug, brandFields({ slug: tenant.slug }));
    expect(refused.statusCode).toBe(403);
    expect((await put(other.adminCookie, tenant.slug, brandFields())).statusCode).toBe(404);
    expect((await get(other.adminCookie, tenant.slug)).statusCode).toBe(404);
    expect((await put(null, tenant.slug, brandFields())).statusCode).toBe(401);
    expect(await fingerprint(t.database.db)).toBe(before);
    const bySuperadmin = await put(superCookie, tenant.slug, brandFields({ slug: tenant.slug }));
    expect(bySuperadmin.statusCode).toBe(200);
  });

  it("turns 'Profilo Attivo' off and on again, but an expired tenant's admin cannot write", async () => {
    const { tenant, adminCookie } = await world();
    const off = await put(
      adminCookie,
      tenant.slug,
      brandFields({ slug: tenant.slug, is_active: false }),
    );
    expect(off.statusCode).toBe(200);
    const closed = await t.app.inject({ method: 'GET', url: `/api/public/tenants/${tenant.slug}` });
    expect(closed.json<PublicTenant>().status).toBe('inactive');
    const on = await put(
      adminCookie,
      tenant.slug,
      brandFields({ slug: tenant.slug, is_active: true }),
    );
    expect(on.statusCode).toBe(200);
    expect(on.json<TenantDetail>().is_active).toBe(true);

    const expired = await world();
    const detail = (await get(superCookie, expired.tenant.slug)).json<TenantDetail>();
    const setExpiry = await call(t.app, superCookie, {
      method: 'PUT',
      url: `/api/platform/tenants/${expired.tenant.id}`,
      ...dataWithFiles({
        ...tenantFields(),
        ...detail,
        admin_email: 'admin@scaduto.test',
        admin_password: null,
        expiry_date: '2000-01-01',
      }),
    });
    expect(setExpiry.statusCode).toBe(200);
    const before = await fingerprint(t.database.db);
    const res = await put(
      expired.adminCookie,
      expired.tenant.slug,
      brandFields({ slug: expired.tenant.slug }),
    );
    expect(res.statusCode).toBe(403);
    expect(res.json<ErrorBody>().error.code).toBe('tenant_read_only');
    expect(await fingerprint(t.database.db)).toBe(before);
  });

  it('keeps old links working after a slug change, and keeps the old slug for its tenant', async () => {
    const { tenant, adminCookie } = await world();
    const renamed = `${tenant.slug}-nuovo`;
    const res = await put(adminCookie, tenant.slug, brandFields({ slug: renamed }));
    expect(res.statusCode).toBe(200);
    expect(res.json<TenantDetail>().slug).toBe(renamed);

    // A page under the old slug goes to the new one, keeping the rest of its address.
    const page = await t.app.inject({
      method: 'GET',
      url: `/${tenant.slug}/giro/details?code=AB12CD34`,
    });
    expect(page.statusCode).toBe(302);
    expect(page.headers.location).toBe(`/${renamed}/giro/details?code=AB12CD34`);
    // The API still answers under the old slug, with the current one.
    const old = await t.app.inject({ method: 'GET', url: `/api/public/tenants/${tenant.slug}` });
    expect(old.json<PublicTenant>()).toMatchObject({ id: tenant.id, slug: renamed });
    expect((await get(adminCookie, renamed)).statusCode).toBe(200);

    // Nobody else may take the old slug: its links still lead to this tenant.
    const taken = await call(t.app, superCookie, {
      method: 'POST',
      url: '/api/platform/tenants',
      ...dataWithFiles(
        tenantFields({ slug: tenant.slug, admin_email: `x-${tenant.slug}@prova.it` }),
      ),
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json<ErrorBody>().error.code).toBe('tenant_slug_taken');

    // The tenant itself may take it back: then the newer slug is the one redirected.
    const back = await put(adminCookie, renamed, brandFields({ slug: tenant.slug }));
    expect(back.statusCode).toBe(200);
    const fresh = await t.app.inject({ method: 'GET', url: `/${renamed}/gioco` });
    expect(fresh.headers.location).toBe(`/${tenant.slug}/gioco`);
    const current = await t.app.inject({ method: 'GET', url: `/${tenant.slug}/gioco` });
    expect(current.statusCode).not.toBe(302);
  });
});
