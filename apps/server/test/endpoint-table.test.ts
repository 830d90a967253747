import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { endpointsIn } from '@tappa/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/app';

/**
 * The endpoint table (decision 0060) is the one place an API path is written: every declared
 * endpoint is served exactly once, the server serves no API route the table does not declare,
 * and no source file of the apps writes an API path by hand.
 */

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const declared = endpointsIn();
const keyOf = (e: { method: string; path: string } | { method: string; url: string }) =>
  `${e.method} ${'path' in e ? e.path : e.url}`;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await t.app.ready();
});
afterAll(() => t.close());

describe('the endpoint table', () => {
  it('declares each method and path once', () => {
    const keys = declared.map(keyOf);
    expect(keys.filter((key, i) => keys.indexOf(key) !== i)).toEqual([]);
  });

  it('is what the server serves: every declaration once, no API route besides', () => {
    const routes = t.app.registeredRoutes.filter((route) => route.method !== 'HEAD');
    const served = routes.flatMap((route) => (route.endpoint ? [route.endpoint] : []));
    const notOnce = declared.filter((e) => served.filter((s) => s === e).length !== 1);
    expect(notOnce.map(keyOf)).toEqual([]);
    const undeclared = routes.filter(
      (route) =>
        route.url.startsWith('/api/') && !route.endpoint && !route.url.startsWith('/api/docs'),
    );
    expect(undeclared.map(keyOf)).toEqual([]);
    const elsewhere = routes.filter(
      (route) => route.endpoint && keyOf(route.endpoint) !== keyOf(route),
    );
    expect(elsewhere.map(keyOf)).toEqual([]);
  });

  it('is the only place an API path is written in the apps and the contracts', () => {
    /** Files that name `/api/` for another reason than an endpoint's path. */
    const allowed = new Set([
      'apps/server/src/app.ts', // the start-up check of API routes
      'apps/server/src/plugins/compression.ts', // compresses API answers only
      'apps/server/src/plugins/csrf.ts', // checks API writes only
      'apps/server/src/plugins/openapi.ts', // the library's document at /api/docs
      'apps/server/src/modules/users/identity.ts', // the identity library's own base path
      'packages/contracts/src/endpoint.ts', // the table's building block, documented
    ]);
    const sources = ['apps/server/src', 'apps/web/src', 'packages/contracts/src'].flatMap((dir) =>
      sourceFiles(path.join(root, dir)),
    );
    const writing = sources
      .map((file) => path.relative(root, file))
      .filter(
        (file) =>
          !file.startsWith('packages/contracts/src/endpoints/') &&
          !allowed.has(file) &&
          API_PATH.test(readFileSync(path.join(root, file), 'utf8')),
      );
    expect(writing).toEqual([]);
  });
});

/** An API path, in code or in a comment (an import of an `api/` folder is not one). */
const API_PATH = /(^|[^.\w])\/api\//m;

/** The TypeScript sources under `dir`, without tests and test kits. */
function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'test' ? [] : sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}
