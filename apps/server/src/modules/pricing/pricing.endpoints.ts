import { PricingCreateSchema, PricingListResponseSchema, PricingRowSchema } from '@tappa/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ModuleDeps } from '../../module-deps';
import { canManagePricing } from './pricing.policy';
import { addPricing, deletePricing, listPricing } from './pricing.service';

const RouteParams = z.object({ slug: z.string(), routeId: z.uuid() });

/** A route's price lists ('Gestione Listini'). */
export const pricingEndpoints: FastifyPluginAsyncZod<Pick<ModuleDeps, 'db' | 'access'>> = async (
  app,
  { db, access },
) => {
  const url = '/api/tenants/:slug/routes/:routeId/pricing';

  app.get(
    url,
    {
      schema: {
        tags: ['pricing'],
        params: RouteParams,
        response: { 200: PricingListResponseSchema },
      },
      config: { access: 'tenant-staff' },
    },
    async (request) => {
      const { scope } = await access.requireTenantStaff(
        request,
        request.params.slug,
        canManagePricing,
      );
      return { pricing: await listPricing(db, scope, request.params.routeId) };
    },
  );

  app.post(
    url,
    {
      schema: {
        tags: ['pricing'],
        params: RouteParams,
        body: PricingCreateSchema,
        response: { 201: PricingRowSchema },
      },
      config: { access: 'tenant-staff' },
    },
    async (request, reply) => {
      const { scope } = await access.requireTenantStaff(
        request,
        request.params.slug,
        canManagePricing,
      );
      return reply
        .status(201)
        .send(await addPricing(db, scope, request.params.routeId, request.body));
    },
  );

  app.delete(
    `${url}/:pricingId`,
    {
      schema: { tags: ['pricing'], params: RouteParams.extend({ pricingId: z.uuid() }) },
      config: { access: 'tenant-staff' },
    },
    async (request, reply) => {
      const { scope } = await access.requireTenantStaff(
        request,
        request.params.slug,
        canManagePricing,
      );
      await deletePricing(db, scope, {
        routeId: request.params.routeId,
        pricingId: request.params.pricingId,
      });
      return reply.status(204).send();
    },
  );
};
