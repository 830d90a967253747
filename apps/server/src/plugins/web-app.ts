import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../errors';

const API_OR_FILES = /^\/(api|files)(\/|$)/;

/**
 * Serves the built web app and answers unknown non-API GETs with `index.html`, so the
 * client router decides (and sends unknown paths to `/`). API paths answer a JSON 404.
 */
export async function registerWebApp(app: FastifyInstance, webDistDir: string): Promise<void> {
  const hasBuild = existsSync(path.join(webDistDir, 'index.html'));
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root: webDistDir,
      wildcard: false,
      index: false,
      cacheControl: false,
      // Hashed assets never change; index.html must always be revalidated.
      setHeaders: (res, filePath) => {
        const isAsset = filePath.includes(`${path.sep}assets${path.sep}`);
        res.setHeader(
          'cache-control',
          isAsset ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  } else {
    app.log.warn({ webDistDir }, 'web app is not built: run `npm run build`');
  }

  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    const wantsPage = request.method === 'GET' || request.method === 'HEAD';
    if (!wantsPage || API_OR_FILES.test(pathname) || path.extname(pathname) !== '') {
      throw new AppError('not_found', undefined, {
        message: `No route for ${request.method} ${pathname}`,
      });
    }
    if (!hasBuild) {
      return reply
        .status(503)
        .type('text/plain')
        .send('The web app is not built. Run `npm run build` and restart.');
    }
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });
}
