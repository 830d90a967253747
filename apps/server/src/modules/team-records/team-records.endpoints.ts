import { TeamErasureSchema, TenantTeamDetailSchema } from '@tappa/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { outboxDir } from '../../infra/mailer';
import type { ModuleDeps } from '../../module-deps';
import { auditActor } from '../audit/audit.service';
import { canErasePlayers, canReadPlayers } from '../players/players.policy';
import { eraseTeam, loadTeamDetail } from './team-records.service';

const TeamParams = z.object({ slug: z.string(), teamId: z.uuid() });

/**
 * A registered team seen by the tenant's staff (decision 0034): its detail with its games, and
 * the erasure of its data on request.
 */
export const teamRecordsEndpoints: FastifyPluginAsyncZod<
  Pick<ModuleDeps, 'db' | 'access' | 'clock' | 'config' | 'storage' | 'publishScoreboardChange'>
> = async (app, { db, access, clock, config, storage, publishScoreboardChange }) => {
  const path = '/api/tenants/:slug/players/:teamId';

  app.get(
    path,
    {
      schema: {
        tags: ['players'],
        params: TeamParams,
        response: { 200: TenantTeamDetailSchema },
      },
      config: { access: 'tenant-staff' },
    },
    async (request) => {
      const { scope } = await access.requireTenantStaff(
        request,
        request.params.slug,
        canReadPlayers,
      );
      return loadTeamDetail(db, scope, request.params.teamId);
    },
  );

  app.delete(
    path,
    {
      schema: { tags: ['players'], params: TeamParams, response: { 200: TeamErasureSchema } },
      config: { access: 'tenant-staff' },
    },
    async (request) => {
      const caller = await access.requireTenantStaff(request, request.params.slug, canErasePlayers);
      const { scope, tenant } = caller;
      const outcome = await eraseTeam(
        {
          db,
          storage,
          outboxDir: outboxDir(config.dataDir),
          actor: auditActor(caller, request.ip),
          tenantName: tenant.name,
          now: clock.now(),
        },
        scope,
        request.params.teamId,
      );
      // Committed: the team's rows left its routes' scoreboards.
      for (const routeId of outcome.routeIds) publishScoreboardChange(scope.tenantId, routeId);
      if (outcome.filesLeft.length > 0) {
        // Storage keys name the tenant and game steps, outbox files a time: no personal data.
        request.log.error({ files: outcome.filesLeft }, 'team erasure: files left in storage');
      }
      return outcome.erased;
    },
  );
};
