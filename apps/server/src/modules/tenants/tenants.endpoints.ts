import {
  PublicTenantSchema,
  TenantDetailSchema,
  TenantListResponseSchema,
  TenantWriteSchema,
} from '@tappa/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ModuleDeps } from '../../module-deps';
import type { SuperadminAccess } from '../access/access';
import { auditActor } from '../audit/audit.service';
import { readTenantForm } from './tenant-images';
import {
  createTenant,
  deleteTenant,
  findTenant,
  getPublicTenant,
  listTenantSummaries,
  presentTenantDetail,
  updateTenant,
} from './tenants.service';

const IdParams = z.object({ id: z.uuid() });

/** The superadmin's tenant management, and a tenant's public face. */
export const tenantsEndpoints: FastifyPluginAsyncZod<
  Pick<ModuleDeps, 'db' | 'storage' | 'clock' | 'access' | 'publishContentChange'>
> = async (app, { db, storage, clock, access, publishContentChange }) => {
  /** What a write needs, with the superadmin making it for the audit log. */
  const deps = (caller: SuperadminAccess, request: FastifyRequest) => ({
    db,
    storage,
    actor: auditActor(caller, request.ip),
    now: clock.now(),
  });

  app.get(
    '/api/platform/tenants',
    {
      schema: { tags: ['tenants'], response: { 200: TenantListResponseSchema } },
      config: { access: 'superadmin' },
    },
    async (request) => {
      const { scope } = await access.requireSuperadmin(request);
      return { tenants: await listTenantSummaries(db, scope, clock.now()) };
    },
  );

  app.get(
    '/api/platform/tenants/:id',
    {
      schema: { tags: ['tenants'], params: IdParams, response: { 200: TenantDetailSchema } },
      config: { access: 'superadmin' },
    },
    async (request) => {
      const { scope } = await access.requireSuperadmin(request);
      return presentTenantDetail(await findTenant(db, scope, request.params.id));
    },
  );

  app.post(
    '/api/platform/tenants',
    {
      schema: {
        tags: ['tenants'],
        consumes: ['multipart/form-data'],
        response: { 201: TenantDetailSchema },
      },
      config: { access: 'superadmin' },
    },
    async (request, reply) => {
      const caller = await access.requireSuperadmin(request);
      const { input, images } = await readTenantForm(request, TenantWriteSchema);
      const row = await createTenant(deps(caller, request), input, images);
      return reply.status(201).send(presentTenantDetail(row));
    },
  );

  app.put(
    '/api/platform/tenants/:id',
    {
      schema: {
        tags: ['tenants'],
        consumes: ['multipart/form-data'],
        params: IdParams,
        response: { 200: TenantDetailSchema },
      },
      config: { access: 'superadmin' },
    },
    async (request) => {
      const caller = await access.requireSuperadmin(request);
      const { input, images } = await readTenantForm(request, TenantWriteSchema);
      const row = await updateTenant(
        deps(caller, request),
        caller.scope,
        request.params.id,
        input,
        images,
      );
      // Player pages and the public tenant read see the change at once (decision 0049).
      publishContentChange(row.id, null);
      return presentTenantDetail(row);
    },
  );

  app.delete(
    '/api/platform/tenants/:id',
    { schema: { tags: ['tenants'], params: IdParams }, config: { access: 'superadmin' } },
    async (request, reply) => {
      const caller = await access.requireSuperadmin(request);
      await deleteTenant(deps(caller, request), caller.scope, request.params.id);
      publishContentChange(request.params.id, null);
      return reply.status(204).send();
    },
  );

  app.get(
    '/api/public/tenants/:slug',
    {
      schema: {
        tags: ['public'],
        params: z.object({ slug: z.string() }),
        response: { 200: PublicTenantSchema },
      },
      config: { access: 'public' },
    },
    (request) => getPublicTenant(access.findPublicTenant, request.params.slug, clock.now()),
  );
};
