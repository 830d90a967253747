import { publicTenants, WebAppManifestSchema } from '@tappa/contracts';
import type { FastifyPluginAsync } from 'fastify';
import type { ModuleDeps } from '../../module-deps';
import { servesOn } from '../access/serve';
import { getTenantManifest, renderTenantIcon } from './tenant-manifest.service';

const tags = ['public'];

/**
 * The routes of `publicTenants` (`@tappa/contracts`), the installable player of a tenant: its
 * web app manifest and the manifest's icons (decision 0037).
 */
export const tenantManifestEndpoints: FastifyPluginAsync<
  Pick<ModuleDeps, 'db' | 'storage' | 'access'>
> = async (app, { db, storage, access }) => {
  const serve = servesOn(app, access);

  serve(
    publicTenants.manifest,
    { response: WebAppManifestSchema },
    { tags },
    async ({ params, reply }) => {
      const manifest = await getTenantManifest(db, params.slug);
      // Revalidated on every load: a new name, colour or logo reaches installed players.
      void reply.type('application/manifest+json').header('cache-control', 'no-cache');
      return manifest;
    },
  );

  serve(publicTenants.icon, {}, { tags }, async ({ params, reply }) => {
    // The path's schema (`params.ts`) admits only the manifest's icon names.
    const { name } = params;
    const png = await renderTenantIcon({ db, storage }, { slug: params.slug, name });
    // The manifest names each icon with a version (`?v=`) that changes with its image.
    return reply.type('image/png').header('cache-control', 'public, max-age=86400').send(png);
  });
};
