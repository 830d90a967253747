import { TenantDashboardSchema } from '@tappa/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ModuleDeps } from '../../module-deps';
import { countActiveRegistrations, countRegistrations } from '../players/players.service';
import { countRoutes } from '../routes/routes.service';

/** Teams that started a game within this window are the dashboard's active players. */
const ACTIVE_PLAYERS_WINDOW_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * The tenant dashboard's numbers: routes, registered teams, and those of them that started a
 * game this week (decision 0059: both player counts count teams).
 */
export const dashboardEndpoints: FastifyPluginAsyncZod<
  Pick<ModuleDeps, 'db' | 'access' | 'clock'>
> = async (app, { db, access, clock }) => {
  app.get(
    '/api/tenants/:slug/dashboard',
    {
      schema: {
        tags: ['tenants'],
        params: z.object({ slug: z.string() }),
        response: { 200: TenantDashboardSchema },
      },
      config: { access: 'tenant-staff' },
    },
    async (request) => {
      const { scope } = await access.requireTenantStaff(request, request.params.slug);
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
