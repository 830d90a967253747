import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../errors';
import { BUCKETS, type StorageDriver, StorageKeyError } from '../../infra/storage/storage';

// Team photos are private (ARCHITECTURE §7): they are served by the gameplay module with checks.
const PUBLIC_BUCKETS = BUCKETS.filter((bucket) => bucket !== 'game-photos');

/** `GET /files/{bucket}/{key}`: public files of the storage driver, same origin. */
export const filesEndpoints: FastifyPluginAsyncZod<{ storage: StorageDriver }> = async (
  app,
  { storage },
) => {
  app.get(
    '/files/:bucket/*',
    {
      schema: {
        hide: true,
        params: z.object({ bucket: z.string(), '*': z.string() }),
      },
      config: { access: 'public' },
    },
    async (request, reply) => {
      const bucket = PUBLIC_BUCKETS.find((b) => b === request.params.bucket);
      if (!bucket) throw new AppError('file_not_found');
      let file;
      try {
        file = await storage.get(bucket, request.params['*']);
      } catch (err) {
        if (err instanceof StorageKeyError) throw new AppError('file_not_found');
        throw err;
      }
      if (!file) throw new AppError('file_not_found');
      return reply
        .type(file.contentType)
        .header('content-length', file.sizeBytes)
        .header('cache-control', 'public, max-age=300')
        .header('x-content-type-options', 'nosniff')
        .send(file.body);
    },
  );
};
