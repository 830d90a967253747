import { orphanUsers, OrphanUserListResponseSchema } from '@tappa/contracts';
import type { FastifyPluginAsync } from 'fastify';
import type { ModuleDeps } from '../../module-deps';
import { servesOn } from '../access/serve';
import { auditActor } from '../audit/audit.service';
import { deleteOrphan, listOrphans, presentOrphan } from '../users/orphans.service';

const tags = ['platform'];

/** The superadmin's Orphan Users panel (`orphanUsers`, `@tappa/contracts`). */
export const orphanUsersEndpoints: FastifyPluginAsync<
  Pick<ModuleDeps, 'db' | 'clock' | 'access'>
> = async (app, { db, clock, access }) => {
  const serve = servesOn(app, access);

  serve(orphanUsers.list, { response: OrphanUserListResponseSchema }, { tags }, async () => ({
    users: (await listOrphans(db)).map(presentOrphan),
  }));

  serve(orphanUsers.remove, {}, { tags }, async ({ caller, params, request }) => {
    await deleteOrphan(db, {
      id: params.orphanId,
      actor: auditActor(caller, request.ip),
      now: clock.now(),
    });
    return undefined;
  });
};
