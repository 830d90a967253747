import {
  TenantPlayersCsvQuerySchema,
  TenantPlayersPageSchema,
  TenantPlayersQuerySchema,
} from '@tappa/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ModuleDeps } from '../../module-deps';
import { exportPlayersCsv, getPlayersPage } from './players-list.service';
import { canReadPlayers } from './players.policy';

const Slug = z.object({ slug: z.string() });

/** The tenant's registered teams for its staff (doc 1 §2 Players): pages and the CSV. */
export const playersListEndpoints: FastifyPluginAsyncZod<
  Pick<ModuleDeps, 'db' | 'access'>
> = async (app, { db, access }) => {
  app.get(
    '/api/tenants/:slug/players',
    {
      schema: {
        tags: ['players'],
        params: Slug,
        querystring: TenantPlayersQuerySchema,
        response: { 200: TenantPlayersPageSchema },
      },
      config: { access: 'tenant-staff' },
    },
    async (request) => {
      const { scope } = await access.requireTenantStaff(
        request,
        request.params.slug,
        canReadPlayers,
      );
      return getPlayersPage(db, scope, request.query);
    },
  );

  app.get(
    '/api/tenants/:slug/players.csv',
    {
      schema: { tags: ['players'], params: Slug, querystring: TenantPlayersCsvQuerySchema },
      config: { access: 'tenant-staff' },
    },
    async (request, reply) => {
      const { scope, tenant } = await access.requireTenantStaff(
        request,
        request.params.slug,
        canReadPlayers,
      );
      const { stream, fileName } = exportPlayersCsv(db, scope, {
        q: request.query.q,
        timeZone: tenant.time_zone,
      });
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .send(stream);
    },
  );
};
