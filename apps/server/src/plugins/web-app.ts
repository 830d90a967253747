import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { isReservedSlug } from '@tappa/domain';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../errors';
import { loadPagePreloads } from './page-preloads';

/** Paths the server answers itself, never with a page: the API, files, Prometheus' metrics. */
const SERVER_PATHS = /^\/(api|files|metrics)(\/|$)/;

/** Where the built web app is, and the current slug of a tenant renamed from `slug`, if any. */
export interface WebAppOptions {
  webDistDir: string;
  renamedSlug: (slug: string) => Promise<string | null>;
}

/**
 * Serves the built web app and answers unknown non-API GETs with `index.html`, so the
 * client router decides (and sends unknown paths to `/`). The server's own paths (`/api`,
 * `/files`, `/metrics`) answer a JSON 404. A page under a tenant's former slug is redirected to
 * its current one (decision 0033).
 */
export async function registerWebApp(
  app: FastifyInstance,
  { webDistDir, renamedSlug }: WebAppOptions,
): Promise<void> {
  const hasBuild = existsSync(path.join(webDistDir, 'index.html'));
  const preloadsFor = loadPagePreloads(webDistDir);
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root: webDistDir,
      wildcard: false,
      index: false,
      cacheControl: false,
      // The build writes a `.br` and a `.gz` next to each text file: the one the browser accepts
      // goes out as it is (`sendFile('index.html')` below too), nothing is compressed per request.
      preCompressed: true,
      // The copies are found next to their file; they are not pages of their own.
      globIgnore: ['**/*.br', '**/*.gz'],
      // Hashed assets never change; index.html must always be revalidated.
      setHeaders: (res, filePath) => {
        const isAsset = filePath.includes(`${path.sep}assets${path.sep}`);
        res.setHeader(
          'cache-control',
          isAsset ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
        // Caches between here and the browser must keep one copy per encoding.
        res.setHeader('vary', 'accept-encoding');
      },
    });
  } else {
    app.log.warn({ webDistDir }, 'web app is not built: run `npm run build`');
  }

  app.setNotFoundHandler(async (request, reply) => {
    const [pathname = '/', query] = request.url.split(/\?(.*)/s);
    const wantsPage = request.method === 'GET' || request.method === 'HEAD';
    if (!wantsPage || SERVER_PATHS.test(pathname) || path.extname(pathname) !== '') {
      throw new AppError('not_found', undefined, {
        message: `No route for ${request.method} ${pathname}`,
      });
    }
    const [, first = '', rest = ''] = /^\/([^/]+)(.*)$/.exec(pathname) ?? [];
    // Reserved segments (`login`, `home`, …) were never a tenant's: no lookup for them.
    const current = first === '' || isReservedSlug(first) ? null : await renamedSlug(first);
    if (current !== null) {
      const search = query === undefined ? '' : `?${query}`;
      // Temporary: a browser must not remember it, as the tenant may take the slug back.
      return reply.redirect(`/${current}${rest}${search}`, 302);
    }
    if (!hasBuild) {
      return reply
        .status(503)
        .type('text/plain')
        .send('The web app is not built. Run `npm run build` and restart.');
    }
    const preloads = preloadsFor(pathname, query);
    if (preloads !== null) reply.header('link', preloads);
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });
}
