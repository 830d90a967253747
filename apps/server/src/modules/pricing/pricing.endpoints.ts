import {
  pricing,
  PricingCreateSchema,
  PricingListResponseSchema,
  PricingRowSchema,
} from '@tappa/contracts';
import type { FastifyPluginAsync } from 'fastify';
import type { ModuleDeps } from '../../module-deps';
import { servesOn } from '../access/serve';
import { addPricing, deletePricing, listPricing } from './pricing.service';

const tags = ['pricing'];

/** The routes of `pricing` (`@tappa/contracts`): a route's price lists ('Gestione Listini'). */
export const pricingEndpoints: FastifyPluginAsync<Pick<ModuleDeps, 'db' | 'access'>> = async (
  app,
  { db, access },
) => {
  const serve = servesOn(app, access);

  serve(
    pricing.list,
    { response: PricingListResponseSchema },
    { tags },
    async ({ scope, params }) => ({ pricing: await listPricing(db, scope, params.routeId) }),
  );

  serve(
    pricing.add,
    { body: PricingCreateSchema, response: PricingRowSchema },
    { tags },
    ({ scope, params, body }) => addPricing(db, scope, params.routeId, body),
  );

  serve(pricing.remove, {}, { tags }, async ({ scope, params }) => {
    await deletePricing(db, scope, { routeId: params.routeId, pricingId: params.pricingId });
    return undefined;
  });
};
