import { PlatformBrandSchema } from '@tappa/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ModuleDeps } from '../../module-deps';
import { getPlatformBrand } from './platform.service';

/** The platform brand for sign-in pages: public. */
export const platformEndpoints: FastifyPluginAsyncZod<Pick<ModuleDeps, 'db'>> = async (
  app,
  { db },
) => {
  app.get(
    '/api/public/platform-brand',
    {
      schema: { tags: ['public'], response: { 200: PlatformBrandSchema } },
      config: { access: 'public' },
    },
    () => getPlatformBrand(db),
  );
};
