import {
  SuperadminUserActiveSchema,
  SuperadminUserCreateSchema,
  SuperadminUserListResponseSchema,
  SuperadminUserSchema,
  SuperadminUserUpdateSchema,
} from '@tappa/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ModuleDeps } from '../../module-deps';
import { auditActor } from '../audit/audit.service';
import {
  createSuperadmin,
  deleteSuperadmin,
  listSuperadmins,
  presentSuperadmin,
  setSuperadminActive,
  updateSuperadmin,
} from '../users/superadmins.service';

const UserParams = z.object({ userId: z.uuid() });

/** The superadmin's Manage Users panel: the platform's superadmin accounts. */
export const platformUsersEndpoints: FastifyPluginAsyncZod<
  Pick<ModuleDeps, 'db' | 'clock' | 'access'>
> = async (app, { db, clock, access }) => {
  app.get(
    '/api/platform/users',
    {
      schema: { tags: ['platform'], response: { 200: SuperadminUserListResponseSchema } },
      config: { access: 'superadmin' },
    },
    async (request) => {
      await access.requireSuperadmin(request);
      return { users: (await listSuperadmins(db)).map(presentSuperadmin) };
    },
  );

  app.post(
    '/api/platform/users',
    {
      schema: {
        tags: ['platform'],
        body: SuperadminUserCreateSchema,
        response: { 201: SuperadminUserSchema },
      },
      config: { access: 'superadmin' },
    },
    async (request, reply) => {
      const caller = await access.requireSuperadmin(request);
      const profile = await createSuperadmin(db, request.body, {
        actor: auditActor(caller, request.ip),
        now: clock.now(),
      });
      return reply.status(201).send(presentSuperadmin(profile));
    },
  );

  app.put(
    '/api/platform/users/:userId',
    {
      schema: {
        tags: ['platform'],
        params: UserParams,
        body: SuperadminUserUpdateSchema,
        response: { 200: SuperadminUserSchema },
      },
      config: { access: 'superadmin' },
    },
    async (request) => {
      const caller = await access.requireSuperadmin(request);
      const profile = await updateSuperadmin(db, {
        id: request.params.userId,
        input: request.body,
        actor: auditActor(caller, request.ip),
        now: clock.now(),
      });
      return presentSuperadmin(profile);
    },
  );

  app.patch(
    '/api/platform/users/:userId/active',
    {
      schema: {
        tags: ['platform'],
        params: UserParams,
        body: SuperadminUserActiveSchema,
        response: { 200: SuperadminUserSchema },
      },
      config: { access: 'superadmin' },
    },
    async (request) => {
      const caller = await access.requireSuperadmin(request);
      const profile = await setSuperadminActive(db, {
        id: request.params.userId,
        isActive: request.body.is_active,
        actor: auditActor(caller, request.ip),
        now: clock.now(),
      });
      return presentSuperadmin(profile);
    },
  );

  app.delete(
    '/api/platform/users/:userId',
    { schema: { tags: ['platform'], params: UserParams }, config: { access: 'superadmin' } },
    async (request, reply) => {
      const caller = await access.requireSuperadmin(request);
      await deleteSuperadmin(db, {
        id: request.params.userId,
        actor: auditActor(caller, request.ip),
        now: clock.now(),
      });
      return reply.status(204).send();
    },
  );
};
