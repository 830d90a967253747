import {
  TenantDashboardSchema,
  TenantDetailSchema,
  TenantListResponseSchema,
  TenantWriteSchema,
} from '@tappa/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/client';
import { AppError, notFound } from '../../errors';
import type { StorageDriver } from '../../infra/storage/storage';
import { requireSuperadmin, requireTenantStaff } from '../../plugins/access';
import { readMultipartForm } from '../../plugins/multipart';
import { checkTenantImages, TENANT_IMAGE_FIELDS } from './tenant-images';
import { countDashboard, findTenantById, listTenants } from './tenants.repository';
import { createTenant, deleteTenant, presentTenantDetail, updateTenant } from './tenants.service';

const ACTIVE_PLAYERS_WINDOW_MS = 7 * 24 * 60 * 60 * 1000;
const IdParams = z.object({ id: z.uuid() });

/** Reads and checks a tenant form (multipart: `data` JSON + optional logo and favicon). */
async function readTenantForm(request: FastifyRequest) {
  const form = await readMultipartForm(request, TENANT_IMAGE_FIELDS);
  const parsed = TenantWriteSchema.safeParse(form.data);
  if (!parsed.success) {
    const message = parsed.error.issues
      .map((issue) => `${issue.path.join('.') || 'data'}: ${issue.message}`)
      .join('; ');
    throw new AppError('validation_failed', message);
  }
  return { input: parsed.data, images: await checkTenantImages(form.files) };
}

/** The superadmin's tenant management and the tenant dashboard. */
export const tenantsEndpoints: FastifyPluginAsyncZod<{
  db: Database;
  storage: StorageDriver;
  now?: () => number;
}> = async (app, { db, storage, now = Date.now }) => {
  const deps = () => ({ db, storage, now: new Date(now()) });

  app.get(
    '/api/platform/tenants',
    { schema: { tags: ['tenants'], response: { 200: TenantListResponseSchema } } },
    async (request) => {
      const { scope } = await requireSuperadmin(request);
      const rows = await listTenants(db, scope);
      return { tenants: rows.map((t) => ({ ...t, created_at: t.created_at.toISOString() })) };
    },
  );

  app.get(
    '/api/platform/tenants/:id',
    { schema: { tags: ['tenants'], params: IdParams, response: { 200: TenantDetailSchema } } },
    async (request) => {
      const { scope } = await requireSuperadmin(request);
      const row = await findTenantById(db, scope, request.params.id);
      if (!row) throw notFound('Tenant not found');
      return presentTenantDetail(row);
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
    },
    async (request, reply) => {
      await requireSuperadmin(request);
      const { input, images } = await readTenantForm(request);
      const row = await createTenant(deps(), input, images);
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
    },
    async (request) => {
      const { scope } = await requireSuperadmin(request);
      const { input, images } = await readTenantForm(request);
      return presentTenantDetail(
        await updateTenant(deps(), scope, request.params.id, input, images),
      );
    },
  );

  app.delete(
    '/api/platform/tenants/:id',
    { schema: { tags: ['tenants'], params: IdParams } },
    async (request, reply) => {
      const { scope } = await requireSuperadmin(request);
      await deleteTenant(deps(), scope, request.params.id);
      return reply.status(204).send();
    },
  );

  app.get(
    '/api/tenants/:slug/dashboard',
    {
      schema: {
        tags: ['tenants'],
        params: z.object({ slug: z.string() }),
        response: { 200: TenantDashboardSchema },
      },
    },
    async (request) => {
      const { scope } = await requireTenantStaff(request, db, request.params.slug);
      return countDashboard(db, scope, new Date(now() - ACTIVE_PLAYERS_WINDOW_MS));
    },
  );
};
