import { MANIFEST_ICON_NAMES, WebAppManifestSchema } from '@tappa/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ModuleDeps } from '../../module-deps';
import { getTenantManifest, renderTenantIcon } from './tenant-manifest.service';

const base = '/api/public/tenants/:slug';
const Slug = z.object({ slug: z.string() });

/** The installable player of a tenant: its web app manifest and the manifest's icons (0037). */
export const tenantManifestEndpoints: FastifyPluginAsyncZod<
  Pick<ModuleDeps, 'db' | 'storage'>
> = async (app, { db, storage }) => {
  app.get(
    `${base}/manifest.webmanifest`,
    {
      schema: { tags: ['public'], params: Slug, response: { 200: WebAppManifestSchema } },
      config: { access: 'public' },
    },
    async (request, reply) => {
      const manifest = await getTenantManifest(db, request.params.slug);
      // Revalidated on every load: a new name, colour or logo reaches installed players.
      void reply.type('application/manifest+json').header('cache-control', 'no-cache');
      return manifest;
    },
  );

  app.get(
    `${base}/manifest-icons/:name`,
    {
      schema: {
        tags: ['public'],
        params: Slug.extend({ name: z.enum(MANIFEST_ICON_NAMES) }),
        produces: ['image/png'],
      },
      config: { access: 'public' },
    },
    async (request, reply) => {
      const png = await renderTenantIcon({ db, storage }, request.params);
      // The manifest names each icon with a version (`?v=`) that changes with its image.
      return reply.type('image/png').header('cache-control', 'public, max-age=86400').send(png);
    },
  );
};
