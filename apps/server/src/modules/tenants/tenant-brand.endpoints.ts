import { tenantBrand, TenantBrandWriteSchema, TenantDetailSchema } from '@tappa/contracts';
import type { FastifyPluginAsync } from 'fastify';
import type { ModuleDeps } from '../../module-deps';
import { MULTIPART, servesOn } from '../access/serve';
import { auditActor } from '../audit/audit.service';
import { readTenantForm } from './tenant-images';
import { presentTenantDetail } from './tenant-reads.service';
import { updateTenantBrand } from './tenants.service';

const tags = ['tenants'];

/**
 * The routes of `tenantBrand` (`@tappa/contracts`), the tenant's Brand tab (decision 0033): every
 * staff member reads the tenant's fields; its tenant admins and the superadmin change them, even
 * while 'Profilo Attivo' is off, so that they can turn it back on.
 */
export const tenantBrandEndpoints: FastifyPluginAsync<
  Pick<ModuleDeps, 'db' | 'storage' | 'clock' | 'access' | 'publishContentChange'>
> = async (app, { db, storage, clock, access, publishContentChange }) => {
  const serve = servesOn(app, access);

  serve(tenantBrand.read, { response: TenantDetailSchema }, { tags }, async ({ caller }) =>
    presentTenantDetail(caller.tenant),
  );

  serve(
    tenantBrand.save,
    { body: MULTIPART, response: TenantDetailSchema },
    { tags, writableWhileInactive: true },
    async ({ caller, request }) => {
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
