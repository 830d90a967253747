import { randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../src/errors';
import { createStorage } from '../src/infra/storage';
import { createTestApp, type TestApp } from './helpers/app';
import { TEST_DB } from './helpers/database';
import { testRouteConfig } from './helpers/test-route';
import { ManualClock } from './helpers/manual-clock';

describe(`server on ${TEST_DB}`, () => {
  let t: TestApp;
  let webDir: string;

  beforeAll(async () => {
    webDir = path.join(process.env.TMPDIR ?? '/tmp', `tappa-web-${process.pid}-${randomUUID()}`);
    await mkdir(path.join(webDir, 'assets'), { recursive: true });
    await writeFile(path.join(webDir, 'index.html'), '<!doctype html><title>Tappa</title>');
    await writeFile(path.join(webDir, 'assets', 'app-abc123.js'), 'console.log(1)');
    await writeFile(path.join(webDir, 'sw.js'), 'self.skipWaiting()');
    t = await createTestApp({
      // Time stands still: the rate-limited route's bucket refills only when a test says so.
      clock: new ManualClock(),
      webDistDir: webDir,
      extend: (app) => {
        app.get('/api/test/app-error', { config: testRouteConfig('/api/test/app-error') }, () => {
          throw new AppError('route_slug_taken', { slug: 'giro' });
        });
        app.get('/api/test/crash', { config: testRouteConfig('/api/test/crash') }, () => {
          throw new Error('secret database detail');
        });
        app.get(
          '/api/test/limited',
          {
            config: {
              ...testRouteConfig('/api/test/limited'),
              rateLimit: { max: 2, timeWindow: 60_000 },
            },
          },
          () => ({ ok: true }),
        );
        app.get('/api/test/internal', { config: testRouteConfig('/api/test/internal') }, () => {
          throw new AppError('internal', undefined, { message: 'secret internal detail' });
        });
      },
    });
  });
  afterAll(() => t.close());

  it('reports a reachable database on /api/health', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    const body = res.json<{ status: string; database: { ok: boolean; driver: string } }>();
    expect(body.status).toBe('ok');
    expect(body.database).toMatchObject({ ok: true, driver: TEST_DB });
  });

  it('answers 503 degraded when the database does not answer', async () => {
    const other = await createTestApp();
    await other.database.close();
    other.database.close = async () => undefined;
    const res = await other.app.inject({ method: 'GET', url: '/api/health' });
    await other.close();
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ status: 'degraded', database: { ok: false } });
  });

  it('maps an AppError to its status and the one error body: code, params, message', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/test/app-error' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      error: { code: 'route_slug_taken', params: { slug: 'giro' }, message: 'Route slug taken' },
    });
  });

  it('keeps 5xx bodies generic', async () => {
    for (const url of ['/api/test/crash', '/api/test/internal']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(500);
      expect(res.body).not.toContain('secret');
      expect(res.json()).toEqual({
        error: { code: 'internal', params: {}, message: 'Internal server error' },
      });
    }
  });

  it('answers unknown API paths with a JSON 404', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/nope' });
    expect(res.statusCode).toBe(404);
    expect(res.json<{ error: { code: string } }>().error.code).toBe('not_found');
  });

  it('serves index.html for app paths (history fallback) and assets as files', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/demo/gioco/step?route=x&game=y' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('<title>Tappa</title>');
    const asset = await t.app.inject({ method: 'GET', url: '/assets/app-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toContain('immutable');
    const missingAsset = await t.app.inject({ method: 'GET', url: '/assets/missing.js' });
    expect(missingAsset.statusCode).toBe(404);
    // The player's service worker (decision 0037): at the root, so its scope is every page, and
    // revalidated on every check, so a new version is found at once.
    const worker = await t.app.inject({ method: 'GET', url: '/sw.js' });
    expect(worker.statusCode).toBe(200);
    expect(worker.headers['content-type']).toContain('javascript');
    expect(worker.headers['cache-control']).toBe('no-cache');
  });

  it('sets security headers and echoes a request id', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-request-id': 'req-12345678' },
    });
    expect(res.headers['x-request-id']).toBe('req-12345678');
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['content-security-policy']).toContain("worker-src 'self' blob:");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    const generated = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(generated.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('publishes the OpenAPI document under /api/docs', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json<{ openapi: string; paths: Record<string, unknown> }>();
    expect(doc.openapi).toMatch(/^3\./);
    expect(doc.paths).toHaveProperty('/api/health');
  });

  it('serves public files from storage and keeps game photos private', async () => {
    const storage = createStorage(t.config, {
      info: () => undefined,
      warn: () => undefined,
      error: () => undefined,
    });
    const png = Buffer.from('89504e470d0a1a0a', 'hex');
    await storage.put({
      bucket: 'brand-assets',
      key: 'acme/logo.png',
      body: png,
      contentType: 'image/png',
    });
    await storage.put({
      bucket: 'game-photos',
      key: 'g/1.jpg',
      body: png,
      contentType: 'image/jpeg',
    });
    const res = await t.app.inject({ method: 'GET', url: '/files/brand-assets/acme/logo.png' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.rawPayload.equals(png)).toBe(true);
    for (const url of [
      '/files/game-photos/g/1.jpg',
      '/files/brand-assets/acme/nope.png',
      '/files/brand-assets/..%2Fgame-photos/g/1.jpg',
      '/files/unknown/x',
    ]) {
      const missing = await t.app.inject({ method: 'GET', url });
      expect(missing.statusCode, url).toBe(404);
      expect(missing.json<{ error: { code: string } }>().error.code).toBe('file_not_found');
    }
  });

  it('takes the client address from X-Forwarded-For only when a trusted proxy sends it', async () => {
    const limited = (remoteAddress: string, forwardedFor: string) =>
      t.app.inject({
        method: 'GET',
        url: '/api/test/limited',
        remoteAddress,
        headers: { 'x-forwarded-for': forwardedFor },
      });
    // A proxy on this host (the default TRUST_PROXY=loopback): each client counts on its own.
    const viaProxy = [];
    for (const client of ['198.51.100.1', '198.51.100.2', '198.51.100.3'])
      viaProxy.push((await limited('127.0.0.1', client)).statusCode);
    expect(viaProxy).toEqual([200, 200, 200]);
    // A client connecting directly cannot dodge the limit by making up the header.
    const direct = [];
    for (const madeUp of ['192.0.2.1', '192.0.2.2', '192.0.2.3'])
      direct.push((await limited('203.0.113.9', madeUp)).statusCode);
    expect(direct).toEqual([200, 200, 429]);
  });

  it('lets a module rate-limit a route, answering 429 with the error body', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 3; i += 1) {
      statuses.push((await t.app.inject({ method: 'GET', url: '/api/test/limited' })).statusCode);
    }
    expect(statuses).toEqual([200, 200, 429]);
    const limited = await t.app.inject({ method: 'GET', url: '/api/test/limited' });
    const { error } = limited.json<{
      error: { code: string; params: { retry_after_s: number }; message: string };
    }>();
    expect(error.code).toBe('rate_limited');
    // Two a minute: the next one is 30 seconds away, as the header says too.
    expect(error.params.retry_after_s).toBe(30);
    expect(limited.headers['retry-after']).toBe('30');
    expect(error.message).toBe('Too many requests, please try again in 30 seconds');
  });
});
