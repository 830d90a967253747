import {
  publicTenants,
  PublicTenantSchema,
  TenantDetailSchema,
  TenantListResponseSchema,
  tenants,
  TenantWriteSchema,
} from '@tappa/contracts';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ModuleDeps } from '../../module-deps';
import type { SuperadminAccess } from '../access/access';
import { MULTIPART, servesOn } from '../access/serve';
import { auditActor } from '../audit/audit.service';
import { readTenantForm } from './tenant-images';
import {
  findTenant,
  getPublicTenant,
  listTenantSummaries,
  presentTenantDetail,
} from './tenant-reads.service';
import { createTenant, deleteTenant, updateTenant } from './tenants.service';

const tags = ['tenants'];

/** The routes of `tenants` (`@tappa/contracts`): the superadmin's tenants, a tenant's public face. */
export const tenantsEndpoints: FastifyPluginAsync<
  Pick<ModuleDeps, 'db' | 'storage' | 'clock' | 'access' | 'publishContentChange'>
> = async (app, { db, storage, clock, access, publishContentChange }) => {
  const serve = servesOn(app, access);

  /** What a write needs, with the superadmin making it for the audit log. */
  const deps = (caller: SuperadminAccess, request: FastifyRequest) => ({
    db,
    storage,
    actor: auditActor(caller, request.ip),
    now: clock.now(),
  });

  serve(tenants.list, { response: TenantListResponseSchema }, { tags }, async ({ scope }) => ({
    tenants: await listTenantSummaries(db, scope, clock.now()),
  }));

  serve(tenants.detail, { response: TenantDetailSchema }, { tags }, async ({ scope, params }) =>
    presentTenantDetail(await findTenant(db, scope, params.id)),
  );

  serve(
    tenants.create,
    { body: MULTIPART, response: TenantDetailSchema },
    { tags },
    async ({ caller, request }) => {
      const { input, images } = await readTenantForm(request, TenantWriteSchema);
      return presentTenantDetail(await createTenant(deps(caller, request), input, images));
    },
  );

  serve(
    tenants.update,
    { body: MULTIPART, response: TenantDetailSchema },
    { tags },
    async ({ caller, params, request }) => {
      const { input, images } = await readTenantForm(request, TenantWriteSchema);
      const row = await updateTenant(deps(caller, request), caller.scope, params.id, input, images);
      // Player pages and the public tenant read see the change at once (decision 0049).
      publishContentChange(row.id, null);
      return presentTenantDetail(row);
    },
  );

  serve(tenants.remove, {}, { tags }, async ({ caller, params, request }) => {
    await deleteTenant(deps(caller, request), caller.scope, params.id);
    publishContentChange(params.id, null);
    return undefined;
  });

  serve(publicTenants.read, { response: PublicTenantSchema }, { tags: ['public'] }, ({ params }) =>
    getPublicTenant(access.findPublicTenant, params.slug, clock.now()),
  );
};
