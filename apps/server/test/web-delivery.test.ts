import { randomUUID } from 'node:crypto';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMPRESSION_THRESHOLD_BYTES } from '../src/plugins/compression';
import { createTestApp, type TestApp } from './helpers/app';
import { TEST_DB } from './helpers/database';
import { type EventStreamReader, openEventStream } from './helpers/event-stream';
import { makeTenant } from './helpers/factories';

const INDEX_HTML = `<!doctype html><html lang="it"><title>Tappa</title><div id="root">${'shell '.repeat(200)}</div>`;
const ASSET_JS = `console.log(${JSON.stringify('tappa '.repeat(500))});`;

/** What the web build lists for three pages (`apps/web/vite-page-preloads.ts`). */
const PAGE_PRELOADS = {
  '/:tenantSlug/start': {
    js: ['assets/start-1.js', 'assets/api-2.js'],
    css: ['assets/start-3.css'],
    data: ['/api/public/tenants/:slug', '/api/play/:slug/me'],
  },
  '/:tenantSlug/gioco/step': { js: ['assets/gameplay-4.js'], css: [] },
  '/:tenantSlug/select-route': { js: [], css: [], data: ['/api/play/:slug/routes'] },
  '/:tenantSlug/:routeSlug/play': { js: ['assets/route-play-5.js'], css: [] },
  '/:tenantSlug/live': {
    js: ['assets/console-6.js'],
    css: [],
    queries: { 'view=map': { js: ['assets/map-7.js'], css: ['assets/map-8.css'] } },
  },
};

/** Decodes an answer body by its `content-encoding`. */
function decode(body: Buffer, encoding: string | string[] | number | undefined): string {
  if (encoding === 'br') return brotliDecompressSync(body).toString('utf8');
  if (encoding === 'gzip') return gunzipSync(body).toString('utf8');
  if (encoding === undefined) return body.toString('utf8');
  throw new Error(`unexpected content-encoding ${String(encoding)}`);
}

/** A built web app in miniature: index.html and one hashed asset, each with `.br` and `.gz`. */
async function writeWebFixture(dir: string): Promise<void> {
  await mkdir(path.join(dir, 'assets'), { recursive: true });
  const files = { 'index.html': INDEX_HTML, 'assets/app-abc123.js': ASSET_JS };
  for (const [name, text] of Object.entries(files)) {
    const file = path.join(dir, name);
    await writeFile(file, text);
    await writeFile(`${file}.br`, brotliCompressSync(text));
    await writeFile(`${file}.gz`, gzipSync(text));
  }
  await mkdir(path.join(dir, '.vite'));
  await writeFile(path.join(dir, '.vite', 'page-preloads.json'), JSON.stringify(PAGE_PRELOADS));
}

describe(`web delivery on ${TEST_DB}`, () => {
  let t: TestApp;
  let webDir: string;
  let base: string;
  const readers: EventStreamReader[] = [];

  beforeAll(async () => {
    webDir = path.join(process.env.TMPDIR ?? '/tmp', `tappa-web-${process.pid}-${randomUUID()}`);
    await writeWebFixture(webDir);
    t = await createTestApp({ webDistDir: webDir });
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    for (const reader of readers) reader.close();
    await t.close();
    await rm(webDir, { recursive: true, force: true });
  });

  const get = (url: string, acceptEncoding?: string) =>
    t.app.inject({
      method: 'GET',
      url,
      headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding },
    });

  it('compresses a large JSON answer with brotli or gzip, both decoding to the same JSON', async () => {
    const plain = await get('/api/docs/json');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(COMPRESSION_THRESHOLD_BYTES);
    const expected: unknown = plain.json();

    const br = await get('/api/docs/json', 'gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
    expect(JSON.parse(decode(br.rawPayload, 'br'))).toEqual(expected);

    const gz = await get('/api/docs/json', 'gzip, deflate');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(decode(gz.rawPayload, 'gzip'))).toEqual(expected);
  });

  it('sends a small JSON answer as it is', async () => {
    const res = await get('/api/health', 'br, gzip');
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.length).toBeLessThan(COMPRESSION_THRESHOLD_BYTES);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.json()).toHaveProperty('status');
  });

  it('never compresses the scoreboard event stream', async () => {
    const tenant = await makeTenant(t.database.db);
    const reader = await openEventStream(
      `${base}/api/public/tenants/${tenant.slug}/scoreboard/stream`,
      { 'accept-encoding': 'br, gzip' },
    );
    readers.push(reader);
    expect(reader.headers['content-type']).toBe('text/event-stream');
    expect(reader.headers['content-encoding']).toBeUndefined();
    // The first rankings arrive as readable text: the stream is not held back in a compressor.
    const first = await reader.waitFor(() => true);
    expect(() => JSON.parse(first.data) as unknown).not.toThrow();
  });

  it('serves the precompressed assets the browser accepts, immutable and varying by encoding', async () => {
    for (const [accept, encoding] of [
      ['gzip, deflate, br', 'br'],
      ['gzip', 'gzip'],
      [undefined, undefined],
    ] as const) {
      const res = await get('/assets/app-abc123.js', accept);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBe(encoding);
      expect(res.headers['content-type']).toMatch(/^text\/javascript|^application\/javascript/);
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(res.headers.vary).toMatch(/accept-encoding/i);
      expect(decode(res.rawPayload, res.headers['content-encoding'])).toBe(ASSET_JS);
    }
  });

  it('serves index.html precompressed and revalidated, at / and as the app-path fallback', async () => {
    for (const url of ['/index.html', '/demo/start', '/demo/gioco/step?route=x']) {
      for (const [accept, encoding] of [
        ['br, gzip', 'br'],
        ['gzip', 'gzip'],
        [undefined, undefined],
      ] as const) {
        const res = await get(url, accept);
        expect(res.statusCode, url).toBe(200);
        expect(res.headers['content-type']).toContain('text/html');
        expect(res.headers['content-encoding'], `${url} ${accept}`).toBe(encoding);
        expect(res.headers['cache-control']).toBe('no-cache');
        expect(res.headers.vary).toMatch(/accept-encoding/i);
        expect(decode(res.rawPayload, res.headers['content-encoding'])).toBe(INDEX_HTML);
      }
    }
  });

  it("preloads the page's own files with index.html, the most specific page first", async () => {
    const start = await get('/demo/start', 'br');
    expect(start.headers.link).toBe(
      '</assets/start-1.js>; rel=modulepreload, </assets/api-2.js>; rel=modulepreload, ' +
        '</assets/start-3.css>; rel=preload; as=style; crossorigin, ' +
        '</api/public/tenants/demo>; rel=preload; as=fetch; crossorigin=use-credentials, ' +
        '</api/play/demo/me>; rel=preload; as=fetch; crossorigin=use-credentials',
    );
    expect((await get('/demo/gioco/step?route=x')).headers.link).toBe(
      '</assets/gameplay-4.js>; rel=modulepreload',
    );
    expect((await get('/demo/giro/play')).headers.link).toBe(
      '</assets/route-play-5.js>; rel=modulepreload',
    );
    expect((await get('/demo/nothing/here/at-all')).headers.link).toBeUndefined();
  });

  it('preloads what the query asks for beyond the page, only when the address has it', async () => {
    expect((await get('/demo/live?route=r1&view=map')).headers.link).toBe(
      '</assets/console-6.js>; rel=modulepreload, </assets/map-7.js>; rel=modulepreload, ' +
        '</assets/map-8.css>; rel=preload; as=style; crossorigin',
    );
    for (const address of ['/demo/live', '/demo/live?view=teams', '/demo/live?route=map']) {
      expect((await get(address)).headers.link).toBe('</assets/console-6.js>; rel=modulepreload');
    }
  });

  it("preloads a page's API answers with its own parameters, encoded", async () => {
    expect((await get('/citt%C3%A0/select-route')).headers.link).toBe(
      '</api/play/citt%C3%A0/routes>; rel=preload; as=fetch; crossorigin=use-credentials',
    );
    expect((await get('/assets/app-abc123.js')).headers.link).toBeUndefined();
  });

  it('keeps the build list private and the compressed copies out of the URL space', async () => {
    expect((await get('/.vite/page-preloads.json')).statusCode).toBe(404);
    expect((await get('/assets/app-abc123.js.br')).statusCode).toBe(404);
    expect((await get('/index.html.gz')).statusCode).toBe(404);
  });
});
