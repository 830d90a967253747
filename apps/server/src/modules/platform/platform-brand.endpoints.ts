import { BrandAssetSchema, BrandColorsSchema, PlatformBrandSchema } from '@tappa/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../errors';
import type { ModuleDeps } from '../../module-deps';
import { readMultipartForm } from '../../plugins/multipart';
import { auditActor } from '../audit/audit.service';
import { removeBrandAsset, saveBrandColors, uploadBrandAsset } from './platform-brand.service';

const AssetParams = z.object({ asset: BrandAssetSchema });

/** The superadmin's Brand Assets panel: the platform's logo, favicon, footer logo and colours. */
export const platformBrandEndpoints: FastifyPluginAsyncZod<
  Pick<ModuleDeps, 'db' | 'storage' | 'clock' | 'access'>
> = async (app, { db, storage, clock, access }) => {
  /** What a brand write needs, the caller named for the audit log. */
  const deps = (caller: Parameters<typeof auditActor>[0], request: FastifyRequest) => ({
    db,
    storage,
    now: clock.now(),
    actor: auditActor(caller, request.ip),
  });

  app.put(
    '/api/platform/brand/colors',
    {
      schema: {
        tags: ['platform'],
        body: BrandColorsSchema,
        response: { 200: PlatformBrandSchema },
      },
      config: { access: 'superadmin' },
    },
    async (request) => {
      const caller = await access.requireSuperadmin(request);
      return saveBrandColors(deps(caller, request), request.body);
    },
  );

  app.put(
    '/api/platform/brand/assets/:asset',
    {
      schema: {
        tags: ['platform'],
        consumes: ['multipart/form-data'],
        params: AssetParams,
        response: { 200: PlatformBrandSchema },
      },
      config: { access: 'superadmin' },
    },
    async (request) => {
      const caller = await access.requireSuperadmin(request);
      const form = await readMultipartForm(request, ['file'], { dataRequired: false });
      const file = form.files.get('file');
      if (!file) throw new AppError('image_missing');
      return uploadBrandAsset(deps(caller, request), request.params.asset, file);
    },
  );

  app.delete(
    '/api/platform/brand/assets/:asset',
    {
      schema: { tags: ['platform'], params: AssetParams, response: { 200: PlatformBrandSchema } },
      config: { access: 'superadmin' },
    },
    async (request) => {
      const caller = await access.requireSuperadmin(request);
      return removeBrandAsset(deps(caller, request), request.params.asset);
    },
  );
};
