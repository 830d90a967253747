import {
  platformUsers,
  SuperadminUserActiveSchema,
  SuperadminUserCreateSchema,
  SuperadminUserListResponseSchema,
  SuperadminUserSchema,
  SuperadminUserUpdateSchema,
} from '@tappa/contracts';
import type { FastifyPluginAsync } from 'fastify';
import type { ModuleDeps } from '../../module-deps';
import { servesOn } from '../access/serve';
import { auditActor } from '../audit/audit.service';
import {
  createSuperadmin,
  deleteSuperadmin,
  listSuperadmins,
  presentSuperadmin,
  setSuperadminActive,
  updateSuperadmin,
} from '../users/superadmins.service';

const tags = ['platform'];

/** The superadmin's Manage Users panel (`platformUsers`, `@tappa/contracts`). */
export const platformUsersEndpoints: FastifyPluginAsync<
  Pick<ModuleDeps, 'db' | 'clock' | 'access'>
> = async (app, { db, clock, access }) => {
  const serve = servesOn(app, access);

  serve(platformUsers.list, { response: SuperadminUserListResponseSchema }, { tags }, async () => ({
    users: (await listSuperadmins(db)).map(presentSuperadmin),
  }));

  serve(
    platformUsers.create,
    { body: SuperadminUserCreateSchema, response: SuperadminUserSchema },
    { tags },
    async ({ caller, body, request }) => {
      const profile = await createSuperadmin(db, body, {
        actor: auditActor(caller, request.ip),
        now: clock.now(),
      });
      return presentSuperadmin(profile);
    },
  );

  serve(
    platformUsers.update,
    { body: SuperadminUserUpdateSchema, response: SuperadminUserSchema },
    { tags },
    async ({ caller, params, body, request }) => {
      const profile = await updateSuperadmin(db, {
        id: params.userId,
        input: body,
        actor: auditActor(caller, request.ip),
        now: clock.now(),
      });
      return presentSuperadmin(profile);
    },
  );

  serve(
    platformUsers.setActive,
    { body: SuperadminUserActiveSchema, response: SuperadminUserSchema },
    { tags },
    async ({ caller, params, body, request }) => {
      const profile = await setSuperadminActive(db, {
        id: params.userId,
        isActive: body.is_active,
        actor: auditActor(caller, request.ip),
        now: clock.now(),
      });
      return presentSuperadmin(profile);
    },
  );

  serve(platformUsers.remove, {}, { tags }, async ({ caller, params, request }) => {
    await deleteSuperadmin(db, {
      id: params.userId,
      actor: auditActor(caller, request.ip),
      now: clock.now(),
    });
    return undefined;
  });
};
