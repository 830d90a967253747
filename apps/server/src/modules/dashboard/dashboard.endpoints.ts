import { dashboard, TenantDashboardSchema } from '@tappa/contracts';
import type { FastifyPluginAsync } from 'fastify';
import type { ModuleDeps } from '../../module-deps';
import { servesOn } from '../access/serve';
import { countActiveRegistrations, countRegistrations } from '../players/players.service';
import { countRoutes } from '../routes/routes.service';

/** Teams that started a game within this window are the dashboard's active players. */
const ACTIVE_PLAYERS_WINDOW_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * The routes of `dashboard` (`@tappa/contracts`), the tenant dashboard's numbers: routes,
 * registered teams, and those of them that started a game this week (decision 0059: both player
 * counts count teams).
 */
export const dashboardEndpoints: FastifyPluginAsync<
  Pick<ModuleDeps, 'db' | 'access' | 'clock'>
> = async (app, { db, access, clock }) => {
  const serve = servesOn(app, access);

  serve(
    dashboard.read,
    { response: TenantDashboardSchema },
    { tags: ['tenants'] },
    async ({ scope }) => {
      const since = new Date(clock.nowMs() - ACTIVE_PLAYERS_WINDOW_MS);
      const [routes, registrations, activePlayers] = await Promise.all([
        countRoutes(db, scope),
        countRegistrations(db, scope),
        countActiveRegistrations(db, scope, since),
      ]);
      return { routes, registrations, activePlayers };
    },
  );
};
