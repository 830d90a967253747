import {
  TenantPlayersCsvQuerySchema,
  TenantPlayersPageSchema,
  tenantPlayers,
  TenantPlayersQuerySchema,
} from '@tappa/contracts';
import type { FastifyPluginAsync } from 'fastify';
import type { ModuleDeps } from '../../module-deps';
import { sendCsvFile } from '../../infra/csv';
import { servesOn } from '../access/serve';
import { exportPlayersCsv, getPlayersPage } from './players-list.service';

const tags = ['players'];

/**
 * The routes of `tenantPlayers` (`@tappa/contracts`): the tenant's registered teams for its
 * staff (doc 1 §2 Players), pages and the CSV.
 */
export const playersListEndpoints: FastifyPluginAsync<Pick<ModuleDeps, 'db' | 'access'>> = async (
  app,
  { db, access },
) => {
  const serve = servesOn(app, access);

  serve(
    tenantPlayers.list,
    { query: TenantPlayersQuerySchema, response: TenantPlayersPageSchema },
    { tags },
    ({ scope, query }) => getPlayersPage(db, scope, query),
  );

  serve(
    tenantPlayers.csv,
    { query: TenantPlayersCsvQuerySchema },
    { tags },
    async ({ caller: { scope, tenant }, query, reply }) => {
      const { stream, fileName } = exportPlayersCsv(db, scope, {
        q: query.q,
        timeZone: tenant.time_zone,
      });
      return sendCsvFile(reply, { fileName, body: stream });
    },
  );
};
