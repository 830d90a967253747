import { analytics, AnalyticsQuerySchema, RouteAnalyticsSchema } from '@tappa/contracts';
import type { FastifyPluginAsync } from 'fastify';
import type { ModuleDeps } from '../../module-deps';
import { servesOn } from '../access/serve';
import { readRouteAnalytics } from './analytics.service';

/** `analytics` (`@tappa/contracts`, decision 0088): a route's per-step analytics, for staff. */
export const analyticsEndpoints: FastifyPluginAsync<
  Pick<ModuleDeps, 'db' | 'access' | 'clock'>
> = async (app, { db, access, clock }) => {
  const serve = servesOn(app, access);
  serve(
    analytics.route,
    { query: AnalyticsQuerySchema, response: RouteAnalyticsSchema },
    { tags: ['analytics'] },
    ({ scope, query }) => readRouteAnalytics(db, scope, { query, now: clock.now() }),
  );
};
