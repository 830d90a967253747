import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/app';
import { TEST_DB } from './helpers/database';
import { call, makeUser, signIn } from './helpers/factories';
import { multipart } from './helpers/multipart';
import { type S3Stub, startS3Stub } from './helpers/s3rver';

const footer = (background: string) =>
  sharp({ create: { width: 250, height: 40, channels: 3, background } })
    .png()
    .toBuffer();

/** The platform brand on S3 storage (s3rver): a replaced file is gone from the bucket too. */
describe(`platform brand assets on S3 and ${TEST_DB}`, () => {
  let stub: S3Stub;
  let t: TestApp;
  let cookie: string;

  beforeAll(async () => {
    stub = await startS3Stub('tappa-brand');
    t = await createTestApp({ env: stub.env });
    const admin = await makeUser(t.database.db, { role: 'superadmin' });
    cookie = await signIn(t.app, admin.email, admin.password);
  });
  afterAll(async () => {
    await t.close();
    await stub.close();
  });

  const upload = async (file: Buffer) => {
    const res = await call(t.app, cookie, {
      method: 'PUT',
      url: '/api/platform/brand/assets/footer_logo',
      ...multipart([{ name: 'file', file, filename: 'f.png', contentType: 'image/png' }]),
    });
    expect(res.statusCode).toBe(200);
    return res.json<{ footer_logo_url: string }>().footer_logo_url;
  };
  const status = async (url: string) => (await t.app.inject({ method: 'GET', url })).statusCode;

  it('stores the footer logo in the bucket and removes the replaced one', async () => {
    const first = await upload(await footer('#0F766E'));
    expect(first).toMatch(/^\/files\/brand-assets\/superadmin\/footer-logo-\w+\.png$/);
    expect(await status(first)).toBe(200);
    const second = await upload(await footer('#1D4ED8'));
    expect(await status(second)).toBe(200);
    expect(await status(first)).toBe(404);
    const removed = await call(t.app, cookie, {
      method: 'DELETE',
      url: '/api/platform/brand/assets/footer_logo',
    });
    expect(removed.json()).toMatchObject({ footer_logo_url: null });
    expect(await status(second)).toBe(404);
  });
});
