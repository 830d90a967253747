import { ScoreboardResetResponseSchema, scoreboards } from '@tappa/contracts';
import type { FastifyPluginAsync } from 'fastify';
import type { ModuleDeps } from '../../module-deps';
import { sendCsvFile } from '../../infra/csv';
import { servesOn } from '../access/serve';
import {
  exportRouteScoreboard,
  resetDailyScoreboard,
  resetRouteScoreboard,
} from './scoreboard-admin.service';

const tags = ['scoreboards'];

/**
 * The staff routes of `scoreboards` (`@tappa/contracts`): a route's scoreboard for the tenant's
 * staff (CSV, reset) and the superadmin's daily reset.
 */
export const scoreboardAdminEndpoints: FastifyPluginAsync<
  Pick<ModuleDeps, 'db' | 'access' | 'clock' | 'publishScoreboardChange'>
> = async (app, { db, access, clock, publishScoreboardChange }) => {
  const serve = servesOn(app, access);

  serve(scoreboards.routeCsv, {}, { tags }, async ({ caller, params, reply }) => {
    const { csv, fileName } = await exportRouteScoreboard(db, caller.scope, {
      routeId: params.routeId,
      timeZone: caller.tenant.time_zone,
      now: clock.now(),
    });
    return sendCsvFile(reply, { fileName, body: csv });
  });

  serve(
    scoreboards.resetRoute,
    { response: ScoreboardResetResponseSchema },
    { tags },
    async ({ scope, params }) => {
      const entries = await resetRouteScoreboard(db, scope, params.routeId);
      if (entries > 0) publishScoreboardChange(scope.tenantId, params.routeId);
      return { entries_affected: entries };
    },
  );

  serve(
    scoreboards.dailyReset,
    { response: ScoreboardResetResponseSchema },
    { tags },
    async ({ params }) => {
      const { tenantId, entries } = await resetDailyScoreboard(db, params.slug, clock.now());
      if (entries > 0) publishScoreboardChange(tenantId, null);
      return { entries_affected: entries };
    },
  );
};
