import { endpoint, shape } from '../endpoint';
import type { ScoreboardResetResponse } from '../routes';
import type { Rankings, RankingsQuery, ScoreboardRoutes } from '../scoreboards';

const PUBLIC = '/api/public/tenants/:slug/scoreboard';
const ROUTE = '/api/tenants/:slug/routes/:routeId/scoreboard';

/**
 * A tenant's scoreboards (doc 2 §2 'Live scoreboard'): the public rankings, their route filter
 * and their event stream; a route's scoreboard for the staff (CSV, reset); the superadmin's
 * daily reset.
 */
export const scoreboards = {
  /** The rankings of the tenant's routes, or of one route (`?route=`). */
  rankings: endpoint({
    method: 'GET',
    path: PUBLIC,
    access: 'public-tenant',
    query: shape<RankingsQuery>(),
    response: shape<Rankings>(),
  }),
  /** The routes of the rankings' filter: the tenant's active routes, ordered by title. */
  routes: endpoint({
    method: 'GET',
    path: `${PUBLIC}/routes`,
    access: 'public-tenant',
    response: shape<ScoreboardRoutes>(),
  }),
  /**
   * The rankings as Server-Sent Events: a `rankings` event now (unless `Last-Event-ID` is its
   * id) and on every change, `: ping` every 25 s.
   */
  stream: endpoint({
    method: 'GET',
    path: `${PUBLIC}/stream`,
    access: 'public-tenant',
    query: shape<RankingsQuery>(),
  }),
  /** A route's scoreboard as CSV (a file; 404 when it is empty). */
  routeCsv: endpoint({
    method: 'GET',
    path: `${ROUTE}.csv`,
    access: 'tenant-staff',
    policy: 'staff',
  }),
  /** Deletes a route's live scoreboard rows. */
  resetRoute: endpoint({
    method: 'DELETE',
    path: ROUTE,
    access: 'tenant-staff',
    policy: 'staff',
    response: shape<ScoreboardResetResponse>(),
  }),
  /** The superadmin deletes today's rows of the tenant's scoreboard. */
  dailyReset: endpoint({
    method: 'POST',
    path: '/api/tenants/:slug/scoreboard/daily-reset',
    access: 'superadmin',
    response: shape<ScoreboardResetResponse>(),
  }),
};
