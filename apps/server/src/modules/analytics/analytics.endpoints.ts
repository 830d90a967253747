import { analytics, AnalyticsQuerySchema, RouteAnalyticsSchema } from '@tappa/contracts';
import type { FastifyPluginAsync } from 'fastify';
import type { ModuleDeps } from '../../module-deps';
import { servesOn } from '../access/serve';
import { readRouteAnalyticsCached } from './analytics.service';

/**
 * `analytics` (`@tappa/contracts`, decision 0088): a route's per-step analytics, for staff,
 * computed at most once per 5 s bucket per route and range.
 */
export const analyticsEndpoints: FastifyPluginAsync<
  Pick<ModuleDeps, 'db' | 'access' | 'clock' | 'reads'>
> = async (app, { db, access, clock, reads }) => {
  const serve = servesOn(app, access);
  serve(
    analytics.route,
    { query: AnalyticsQuerySchema, response: RouteAnalyticsSchema },
    { tags: ['analytics'] },
    ({ scope, query }) =>
      readRouteAnalyticsCached(db, scope, { query, clock, cache: reads.analytics }),
  );
};
