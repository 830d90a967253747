import { BrandColorsSchema, platformBrand, PlatformBrandSchema } from '@tappa/contracts';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { AppError } from '../../errors';
import type { ModuleDeps } from '../../module-deps';
import { readMultipartForm } from '../../plugins/multipart';
import { MULTIPART, servesOn } from '../access/serve';
import { auditActor } from '../audit/audit.service';
import { removeBrandAsset, saveBrandColors, uploadBrandAsset } from './platform-brand.service';

const tags = ['platform'];

/**
 * The superadmin's Brand Assets panel (`platformBrand`, `@tappa/contracts`): the platform's
 * logo, favicon, footer logo and colours.
 */
export const platformBrandEndpoints: FastifyPluginAsync<
  Pick<ModuleDeps, 'db' | 'storage' | 'clock' | 'access'>
> = async (app, { db, storage, clock, access }) => {
  const serve = servesOn(app, access);

  /** What a brand write needs, the caller named for the audit log. */
  const deps = (caller: Parameters<typeof auditActor>[0], request: FastifyRequest) => ({
    db,
    storage,
    now: clock.now(),
    actor: auditActor(caller, request.ip),
  });

  serve(
    platformBrand.saveColors,
    { body: BrandColorsSchema, response: PlatformBrandSchema },
    { tags },
    ({ caller, body, request }) => saveBrandColors(deps(caller, request), body),
  );

  serve(
    platformBrand.uploadAsset,
    { body: MULTIPART, response: PlatformBrandSchema },
    { tags },
    async ({ caller, params, request }) => {
      const form = await readMultipartForm(request, ['file'], { dataRequired: false });
      const file = form.files.get('file');
      if (!file) throw new AppError('image_missing');
      // The path's schema took only a brand asset's name: this reads it as one.
      const { asset } = params;
      return uploadBrandAsset(deps(caller, request), asset, file);
    },
  );

  serve(
    platformBrand.removeAsset,
    { response: PlatformBrandSchema },
    { tags },
    ({ caller, params, request }) => removeBrandAsset(deps(caller, request), params.asset),
  );
};
