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
import { readRouteAnalytics } from './analytics.service';
import { readEventReport, readRouteStandings } from './report.service';

/** `analytics` (`@tappa/contracts`, decision 0088): a route's analytics and report, for staff. */
export const analyticsEndpoints: FastifyPluginAsync<
  Pick<ModuleDeps, 'db' | 'access' | 'clock'>
> = async (app, { db, access, clock }) => {
  const serve = servesOn(app, access);
  const tags = ['analytics'];
  serve(
    analytics.route,
    { query: AnalyticsQuerySchema, response: RouteAnalyticsSchema },
    { tags },
    ({ scope, query }) => readRouteAnalytics(db, scope, { query, now: clock.now() }),
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
