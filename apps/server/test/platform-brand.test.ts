import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { count, desc } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, superadminBrand } from '../src/db/schema';
import { createTestApp, type TestApp } from './helpers/app';
import { rawDb, refuseWrites, TEST_DB } from './helpers/database';
import { call, makeTenant, makeUser, signIn } from './helpers/factories';
import { icoFile, pngImage } from './helpers/ico';
import { multipart } from './helpers/multipart';

const ASSETS = '/api/platform/brand/assets';
const image = (format: 'png' | 'jpeg' | 'webp', width = 250, height = 40) =>
  sharp({ create: { width, height, channels: 3, background: '#10B981' } })
    .toFormat(format)
    .toBuffer();
const upload = (file: Buffer) =>
  multipart([{ name: 'file', file, filename: 'brand.bin', contentType: 'image/png' }]);

/** The platform brand files on disk, under `brand-assets/superadmin/`. */
async function brandFiles(dataDir: string): Promise<string[]> {
  const dir = path.join(dataDir, 'files', 'brand-assets', 'superadmin');
  const entries = await readdir(dir).catch(() => []);
  return entries.filter((name) => /\.(png|jpg|webp|ico)$/.test(name)).sort();
}

describe(`platform brand assets on ${TEST_DB}`, () => {
  let t: TestApp;
  let cookie: string;
  const row = async () => (await rawDb(t.database.db).select().from(superadminBrand))[0] ?? null;
  const audits = async () =>
    (await rawDb(t.database.db).select({ n: count() }).from(auditLog))[0]?.n ?? 0;
  const newestAudit = async () =>
    (await rawDb(t.database.db).select().from(auditLog).orderBy(desc(auditLog.id)).limit(1))[0];
  const put = (asset: string, file: Buffer, as = cookie) =>
    call(t.app, as, { method: 'PUT', url: `${ASSETS}/${asset}`, ...upload(file) });
  const publicBrand = async () =>
    (await t.app.inject({ method: 'GET', url: '/api/public/platform-brand' })).json<{
      logo_url: string | null;
      favicon_url: string | null;
      footer_logo_url: string | null;
      primary_color: string;
    }>();

  beforeAll(async () => {
    t = await createTestApp();
    const admin = await makeUser(t.database.db, { role: 'superadmin' });
    cookie = await signIn(t.app, admin.email, admin.password);
  });
  afterAll(() => t.close());

  it('stores each asset under brand-assets/superadmin and the public brand shows it', async () => {
    const logo = await put('logo', await image('jpeg', 150, 150));
    expect(logo.statusCode).toBe(200);
    const favicon = await put('favicon', icoFile([await pngImage(32)]));
    expect(favicon.statusCode).toBe(200);
    const footer = await put('footer_logo', await image('webp'));
    expect(footer.statusCode).toBe(200);

    const brand = await publicBrand();
    expect(brand.logo_url).toMatch(/^\/files\/brand-assets\/superadmin\/logo-\w+\.jpg$/);
    expect(brand.favicon_url).toMatch(/^\/files\/brand-assets\/superadmin\/favicon-\w+\.ico$/);
    expect(brand.footer_logo_url).toMatch(
      /^\/files\/brand-assets\/superadmin\/footer-logo-\w+\.webp$/,
    );
    expect(footer.json()).toEqual(brand);
    const served = await t.app.inject({ method: 'GET', url: brand.footer_logo_url ?? '' });
    expect(served.headers['content-type']).toBe('image/webp');
    expect(await sharp(served.rawPayload).metadata()).toMatchObject({ width: 250, height: 40 });
    expect(await brandFiles(t.dataDir)).toHaveLength(3);
    expect(await row()).toMatchObject({ footer_logo_url: brand.footer_logo_url });
    expect(await audits()).toBe(3);
    expect(await newestAudit()).toMatchObject({
      action: 'brand_asset.upload',
      target_id: 'platform',
      target_label: 'footer_logo',
      details: { asset: 'footer_logo' },
    });
  });

  it('replaces a file: the row points at the new one and the old one is gone', async () => {
    const old = (await publicBrand()).footer_logo_url ?? '';
    const res = await put('footer_logo', await image('png'));
    const next = res.json<{ footer_logo_url: string }>().footer_logo_url;
    expect(next).toMatch(/\/footer-logo-\w+\.png$/);
    expect((await row())?.footer_logo_url).toBe(next);
    expect((await t.app.inject({ method: 'GET', url: old })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: next })).statusCode).toBe(200);
    expect(await brandFiles(t.dataDir)).toHaveLength(3);
  });

  it('keeps the old file when the row cannot be written, and leaves no new file', async () => {
    const allow = await refuseWrites(t.database.db, {
      table: 'superadmin_brand',
      events: 'update',
    });
    const before = { row: await row(), files: await brandFiles(t.dataDir), audits: await audits() };
    try {
      expect((await put('logo', await image('png', 150, 150))).statusCode).toBe(500);
    } finally {
      await allow();
    }
    expect(await row()).toEqual(before.row);
    expect(await brandFiles(t.dataDir)).toEqual(before.files);
    expect(await audits()).toBe(before.audits);
    const logo = await t.app.inject({ method: 'GET', url: before.row?.logo_url ?? '' });
    expect(logo.statusCode).toBe(200);
  });

  it('refuses wrong types, non-images and forms without a file, and changes nothing', async () => {
    const before = { row: await row(), files: await brandFiles(t.dataDir), audits: await audits() };
    const cases: [string, Buffer | null, number, object][] = [
      ['favicon', await image('jpeg', 32, 32), 415, { field: 'favicon', allowed: 'ICO, PNG' }],
      ['footer_logo', icoFile([await pngImage(16)]), 415, { field: 'footer_logo' }],
      ['logo', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), 415, { field: 'logo' }],
      ['logo', Buffer.from('not an image at all'), 415, { allowed: 'PNG, JPEG, WebP' }],
      ['logo', null, 400, {}],
    ];
    for (const [asset, file, status, params] of cases) {
      const res = file
        ? await put(asset, file)
        : await call(t.app, cookie, {
            method: 'PUT',
            url: `${ASSETS}/${asset}`,
            ...multipart([{ name: 'data', json: {} }]),
          });
      expect(res.statusCode, `${asset} ${status}`).toBe(status);
      expect(res.json()).toMatchObject({
        error: { code: file ? 'image_type_refused' : 'image_missing', params },
      });
    }
    const unknown = await put('banner', await image('png'));
    expect(unknown.statusCode).toBe(400);
    const tooLarge = await put('logo', Buffer.alloc(5 * 1024 * 1024 + 1, 1));
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json()).toMatchObject({ error: { code: 'payload_too_large' } });
    expect(await row()).toEqual(before.row);
    expect(await brandFiles(t.dataDir)).toEqual(before.files);
    expect(await audits()).toBe(before.audits);
  });

  it('saves the colours and refuses anything but #RRGGBB', async () => {
    const colors = (body: object) =>
      call(t.app, cookie, { method: 'PUT', url: '/api/platform/brand/colors', payload: body });
    const ok = await colors({ primary_color: '#112233', secondary_color: '#AbCdEf' });
    expect(ok.statusCode).toBe(200);
    expect(await publicBrand()).toMatchObject({ primary_color: '#112233' });
    expect(await newestAudit()).toMatchObject({
      action: 'brand_colors.update',
      details: { primary_color: '#112233', secondary_color: '#AbCdEf' },
    });
    const before = await row();
    const auditsBefore = await audits();
    for (const bad of [
      { primary_color: 'red', secondary_color: '#AbCdEf' },
      { primary_color: '#12345', secondary_color: '#AbCdEf' },
      { primary_color: '#112233' },
      { primary_color: '#112233', secondary_color: 'url(x)' },
    ]) {
      const res = await colors(bad);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ error: { code: 'validation_failed' } });
    }
    expect(await row()).toEqual(before);
    expect(await audits()).toBe(auditsBefore);
    expect(before).toMatchObject({ primary_color: '#112233', secondary_color: '#AbCdEf' });
  });

  it('removes an asset: back to none, its file gone, the others kept', async () => {
    const { favicon_url: favicon, logo_url: logo } = await publicBrand();
    const res = await call(t.app, cookie, { method: 'DELETE', url: `${ASSETS}/favicon` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ favicon_url: null, logo_url: logo });
    expect((await row())?.favicon_url).toBeNull();
    expect(await newestAudit()).toMatchObject({
      action: 'brand_asset.remove',
      target_label: 'favicon',
    });
    expect((await t.app.inject({ method: 'GET', url: favicon ?? '' })).statusCode).toBe(404);
    expect(await brandFiles(t.dataDir)).toHaveLength(2);
    const again = await call(t.app, cookie, { method: 'DELETE', url: `${ASSETS}/favicon` });
    expect(again.statusCode).toBe(200);
  });

  it('answers a tenant admin 403 and a visitor 401, changing nothing', async () => {
    const tenant = await makeTenant(t.database.db);
    const admin = await makeUser(t.database.db, { role: 'tenant_admin', tenantId: tenant.id });
    const adminCookie = await signIn(t.app, admin.email, admin.password);
    const before = { row: await row(), files: await brandFiles(t.dataDir), audits: await audits() };
    expect((await put('logo', await image('png'), adminCookie)).statusCode).toBe(403);
    const anonymous = await call(t.app, null, {
      method: 'PUT',
      url: '/api/platform/brand/colors',
      payload: { primary_color: '#000000', secondary_color: '#000000' },
    });
    expect(anonymous.statusCode).toBe(401);
    expect(await row()).toEqual(before.row);
    expect(await brandFiles(t.dataDir)).toEqual(before.files);
    expect(await audits()).toBe(before.audits);
  });
});
