import { OrphanUserListResponseSchema } from '@tappa/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ModuleDeps } from '../../module-deps';
import { auditActor } from '../audit/audit.service';
import { deleteOrphan, listOrphans, presentOrphan } from '../users/orphans.service';

/** The superadmin's Orphan Users panel: accounts left without a tenant or a role. */
export const orphanUsersEndpoints: FastifyPluginAsyncZod<
  Pick<ModuleDeps, 'db' | 'clock' | 'access'>
> = async (app, { db, clock, access }) => {
  app.get(
    '/api/platform/orphan-users',
    {
      schema: { tags: ['platform'], response: { 200: OrphanUserListResponseSchema } },
      config: { access: 'superadmin' },
    },
    async (request) => {
      await access.requireSuperadmin(request);
      return { users: (await listOrphans(db)).map(presentOrphan) };
    },
  );

  app.delete(
    '/api/platform/orphan-users/:orphanId',
    {
      schema: { tags: ['platform'], params: z.object({ orphanId: z.uuid() }) },
      config: { access: 'superadmin' },
    },
    async (request, reply) => {
      const caller = await access.requireSuperadmin(request);
      await deleteOrphan(db, {
        id: request.params.orphanId,
        actor: auditActor(caller, request.ip),
        now: clock.now(),
      });
      return reply.status(204).send();
    },
  );
};
