import {
  analytics,
  AnalyticsQuerySchema,
  EventReportSchema,
  RouteAnalyticsSchema,
  RouteStandingsSchema,
} from '@tappa/contracts';
import type { FastifyPluginAsync } from 'fastify';
import type { ModuleDeps } from '../../module-deps';
import { servesOn } from '../access/serve';
import { readRouteAnalyticsCached } from './analytics.service';
import { readEventReport, readRouteStandings } from './report.service';

/**
 * `analytics` (`@tappa/contracts`, decision 0088): a route's analytics (computed at most once
 * per 5 s bucket per route and range), its event report and standings, for staff.
 */
export const analyticsEndpoints: FastifyPluginAsync<
  Pick<ModuleDeps, 'db' | 'access' | 'clock' | 'reads'>
> = async (app, { db, access, clock, reads }) => {
  const serve = servesOn(app, access);
  const tags = ['analytics'];
  serve(
    analytics.route,
    { query: AnalyticsQuerySchema, response: RouteAnalyticsSchema },
    { tags },
    ({ scope, query }) =>
      readRouteAnalyticsCached(db, scope, { query, clock, cache: reads.analytics }),
  );
  serve(
    analytics.report,
    { query: AnalyticsQuerySchema, response: EventReportSchema },
    { tags },
    ({ scope, query }) => readEventReport(db, scope, { query, now: clock.now() }),
  );
  serve(
    analytics.standings,
    { query: AnalyticsQuerySchema, response: RouteStandingsSchema },
    { tags },
    ({ scope, query }) => readRouteStandings(db, scope, { query, now: clock.now() }),
  );
};
