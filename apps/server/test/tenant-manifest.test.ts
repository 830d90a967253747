import type { TenantDetail, WebAppManifest } from '@tappa/contracts';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/app';
import { TEST_DB } from './helpers/database';
import { call, makeTenant, makeUser, signIn } from './helpers/factories';
import { tenantFields } from './helpers/forms';
import { dataWithFiles } from './helpers/multipart';

/** The colour of one pixel of a PNG, as [r, g, b, alpha]. */
async function pixelAt(png: Buffer, x: number, y: number): Promise<number[]> {
  const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  const at = (y * info.width + x) * 4;
  return [...data.subarray(at, at + 4)];
}

describe(`a tenant's web app manifest on ${TEST_DB}`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const manifestOf = (slug: string) =>
    t.app.inject({ method: 'GET', url: `/api/public/tenants/${slug}/manifest.webmanifest` });
  const iconAt = (src: string) => t.app.inject({ method: 'GET', url: src });

  it('names the tenant, its colours, its start page and scope, with sized icons', async () => {
    const tenant = await makeTenant(t.database.db, {
      name: 'Roma Segreta Avventure',
      primary_color: '#112233',
      secondary_color: '#F0F0F0',
    });
    const res = await manifestOf(tenant.slug);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/manifest\+json/);
    expect(res.headers['cache-control']).toBe('no-cache');
    const manifest = res.json<WebAppManifest>();
    expect(manifest).toMatchObject({
      id: `/${tenant.slug}/start`,
      name: 'Roma Segreta Avventure',
      short_name: 'Roma Segreta',
      start_url: `/${tenant.slug}/start`,
      scope: `/${tenant.slug}/`,
      display: 'standalone',
      theme_color: '#112233',
      background_color: '#F0F0F0',
    });
    expect(manifest.icons.map((icon) => [icon.sizes, icon.purpose])).toEqual([
      ['192x192', 'any'],
      ['512x512', 'any'],
      ['512x512', 'maskable'],
    ]);
    // Without an image of its own, the icons are the platform's pin on the tenant's colour.
    for (const icon of manifest.icons) {
      const png = await iconAt(icon.src);
      expect(png.statusCode).toBe(200);
      expect(png.headers['content-type']).toBe('image/png');
      const meta = await sharp(png.rawPayload).metadata();
      expect(`${meta.width}x${meta.height}`).toBe(icon.sizes);
      expect(await pixelAt(png.rawPayload, 1, 1)).toEqual([0x11, 0x22, 0x33, 255]);
    }
  });

  it("draws the icons from the tenant's logo, and a new logo changes their version", async () => {
    const tenant = await makeTenant(t.database.db, { primary_color: '#0000FF' });
    const admin = await makeUser(t.database.db, { role: 'tenant_admin', tenantId: tenant.id });
    const cookie = await signIn(t.app, admin.email, admin.password);
    const before = (await manifestOf(tenant.slug)).json<WebAppManifest>();
    const { admin_password: _p, expiry_date: _e, ...fields } = tenantFields();
    const logo = await sharp({
      create: { width: 60, height: 30, channels: 3, background: '#FF0000' },
    })
      .png()
      .toBuffer();
    const saved = await call(t.app, cookie, {
      method: 'PUT',
      url: `/api/tenants/${tenant.slug}/brand`,
      ...dataWithFiles(
        { ...fields, slug: tenant.slug, primary_color: '#0000FF' },
        { brand_logo: logo },
      ),
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json<TenantDetail>().brand_logo_url).not.toBeNull();

    const after = (await manifestOf(tenant.slug)).json<WebAppManifest>();
    const [any192, , maskable] = after.icons;
    expect(any192?.src).not.toBe(before.icons[0]?.src);
    // 'any': the wide logo fitted whole on transparency (red in the middle, clear above it).
    const plain = (await iconAt(any192?.src ?? '')).rawPayload;
    expect(await pixelAt(plain, 96, 96)).toEqual([255, 0, 0, 255]);
    expect((await pixelAt(plain, 96, 5))[3]).toBe(0);
    // 'maskable': the logo within the safe zone, on the tenant's colour to the edges.
    const masked = (await iconAt(maskable?.src ?? '')).rawPayload;
    expect(await pixelAt(masked, 256, 256)).toEqual([255, 0, 0, 255]);
    expect(await pixelAt(masked, 2, 2)).toEqual([0, 0, 255, 255]);
  });

  it('answers 404 for an unknown tenant and 400 for an icon it does not make', async () => {
    expect((await manifestOf('no-such-tenant')).statusCode).toBe(404);
    const unknown = await iconAt('/api/public/tenants/no-such-tenant/manifest-icons/any-192.png');
    expect(unknown.statusCode).toBe(404);
    const tenant = await makeTenant(t.database.db);
    const bad = await iconAt(`/api/public/tenants/${tenant.slug}/manifest-icons/any-64.png`);
    expect(bad.statusCode).toBe(400);
  });
});
