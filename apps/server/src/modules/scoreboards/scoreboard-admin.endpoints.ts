import { ScoreboardResetResponseSchema } from '@tappa/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ModuleDeps } from '../../module-deps';
import {
  exportRouteScoreboard,
  resetDailyScoreboard,
  resetRouteScoreboard,
} from './scoreboard-admin.service';
import { canManageScoreboard, canResetDailyScoreboard } from './scoreboards.policy';

const RouteParams = z.object({ slug: z.string(), routeId: z.uuid() });

/** A route's scoreboard for the tenant's staff (CSV, reset) and the superadmin's daily reset. */
export const scoreboardAdminEndpoints: FastifyPluginAsyncZod<
  Pick<ModuleDeps, 'db' | 'access' | 'clock' | 'publishScoreboardChange'>
> = async (app, { db, access, clock, publishScoreboardChange }) => {
  const base = '/api/tenants/:slug/routes/:routeId';

  app.get(
    `${base}/scoreboard.csv`,
    { schema: { tags: ['scoreboards'], params: RouteParams }, config: { access: 'tenant-staff' } },
    async (request, reply) => {
      const { scope, tenant } = await access.requireTenantStaff(
        request,
        request.params.slug,
        canManageScoreboard,
      );
      const { csv, fileName } = await exportRouteScoreboard(db, scope, {
        routeId: request.params.routeId,
        timeZone: tenant.time_zone,
        now: clock.now(),
      });
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .send(csv);
    },
  );

  app.delete(
    `${base}/scoreboard`,
    {
      schema: {
        tags: ['scoreboards'],
        params: RouteParams,
        response: { 200: ScoreboardResetResponseSchema },
      },
      config: { access: 'tenant-staff' },
    },
    async (request) => {
      const { scope } = await access.requireTenantStaff(
        request,
        request.params.slug,
        canManageScoreboard,
      );
      const entries = await resetRouteScoreboard(db, scope, request.params.routeId);
      if (entries > 0) publishScoreboardChange(scope.tenantId, request.params.routeId);
      return { entries_affected: entries };
    },
  );

  app.post(
    '/api/tenants/:slug/scoreboard/daily-reset',
    {
      schema: {
        tags: ['scoreboards'],
        params: z.object({ slug: z.string() }),
        response: { 200: ScoreboardResetResponseSchema },
      },
      config: { access: 'superadmin' },
    },
    async (request) => {
      await access.requireSuperadmin(request);
      const { scope, tenant } = await access.requireTenantStaff(
        request,
        request.params.slug,
        canResetDailyScoreboard,
      );
      const entries = await resetDailyScoreboard(db, scope, {
        timeZone: tenant.time_zone,
        now: clock.now(),
      });
      if (entries > 0) publishScoreboardChange(scope.tenantId, null);
      return { entries_affected: entries };
    },
  );
};
