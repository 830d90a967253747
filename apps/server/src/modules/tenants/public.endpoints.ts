import { PlatformBrandSchema, PublicTenantSchema } from '@tappa/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/client';
import { getPlatformBrand } from '../platform/platform.service';
import { getPublicTenant } from './tenants.service';

/** Public reads for sign-in pages and player pages: the platform brand and a tenant's face. */
export const publicEndpoints: FastifyPluginAsyncZod<{ db: Database; now?: () => number }> = async (
  app,
  { db, now = Date.now },
) => {
  app.get(
    '/api/public/platform-brand',
    { schema: { tags: ['public'], response: { 200: PlatformBrandSchema } } },
    () => getPlatformBrand(db),
  );

  app.get(
    '/api/public/tenants/:slug',
    {
      schema: {
        tags: ['public'],
        params: z.object({ slug: z.string() }),
        response: { 200: PublicTenantSchema },
      },
    },
    (request) => getPublicTenant(db, request.params.slug, new Date(now())),
  );
};
