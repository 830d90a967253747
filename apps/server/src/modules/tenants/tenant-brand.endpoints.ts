import { TenantBrandWriteSchema, TenantDetailSchema } from '@tappa/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ModuleDeps } from '../../module-deps';
import { auditActor } from '../audit/audit.service';
import { readTenantForm } from './tenant-images';
import { canManageTenantBrand } from './tenants.policy';
import { presentTenantDetail, updateTenantBrand } from './tenants.service';

const SlugParams = z.object({ slug: z.string() });

/**
 * The tenant's Brand tab (decision 0033): every staff member reads the tenant's fields; its
 * tenant admins and the superadmin change them, even while 'Profilo Attivo' is off, so that
 * they can turn it back on.
 */
export const tenantBrandEndpoints: FastifyPluginAsyncZod<
  Pick<ModuleDeps, 'db' | 'storage' | 'clock' | 'access' | 'publishContentChange'>
> = async (app, { db, storage, clock, access, publishContentChange }) => {
  const tags = ['tenants'];

  app.get(
    '/api/tenants/:slug/brand',
    {
      schema: { tags, params: SlugParams, response: { 200: TenantDetailSchema } },
      config: { access: 'tenant-staff' },
    },
    async (request) => {
      const { tenant } = await access.requireTenantStaff(request, request.params.slug);
      return presentTenantDetail(tenant);
    },
  );

  app.put(
    '/api/tenants/:slug/brand',
    {
      schema: {
        tags,
        consumes: ['multipart/form-data'],
        params: SlugParams,
        response: { 200: TenantDetailSchema },
      },
      config: { access: 'tenant-staff' },
    },
    async (request) => {
      const caller = await access.requireTenantStaff(
        request,
        request.params.slug,
        canManageTenantBrand,
        { writableWhileInactive: true },
      );
      const { input, images } = await readTenantForm(request, TenantBrandWriteSchema);
      const row = await updateTenantBrand(
        { db, storage, actor: auditActor(caller, request.ip), now: clock.now() },
        caller.scope,
        input,
        images,
      );
      // The public tenant read and the player pages show the new brand at once.
      publishContentChange(row.id, null);
      return presentTenantDetail(row);
    },
  );
};
