import { TeamErasureSchema, teamRecords, TenantTeamDetailSchema } from '@tappa/contracts';
import type { FastifyPluginAsync } from 'fastify';
import { safeFileName } from '@tappa/domain';
import { attachment } from '../../infra/content-disposition';
import { outboxDir } from '../../infra/mailer';
import type { ModuleDeps } from '../../module-deps';
import { servesOn } from '../access/serve';
import { auditActor } from '../audit/audit.service';
import { eraseTeam, exportTeam, loadTeamDetail } from './team-records.service';

const tags = ['players'];

/**
 * The routes of `teamRecords` (`@tappa/contracts`): a registered team seen by the tenant's staff
 * (decision 0034), its detail with its games, and the erasure of its data on request.
 */
export const teamRecordsEndpoints: FastifyPluginAsync<
  Pick<ModuleDeps, 'db' | 'access' | 'clock' | 'config' | 'storage' | 'publishScoreboardChange'>
> = async (app, { db, access, clock, config, storage, publishScoreboardChange }) => {
  const serve = servesOn(app, access);

  serve(teamRecords.detail, { response: TenantTeamDetailSchema }, { tags }, ({ scope, params }) =>
    loadTeamDetail(db, scope, params.teamId),
  );

  serve(teamRecords.export, {}, { tags }, async ({ scope, params, reply }) => {
    const exported = await exportTeam(db, scope, { teamId: params.teamId, now: clock.now() });
    const name = safeFileName(exported.team_name, 'team');
    return reply.header('content-disposition', attachment(`${name}.json`)).send(exported);
  });

  serve(
    teamRecords.erase,
    { response: TeamErasureSchema },
    { tags },
    async ({ caller, params, request }) => {
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
        params.teamId,
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
