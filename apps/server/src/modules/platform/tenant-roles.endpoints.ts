import { TenantRoleGrantSchema, TenantRoleListResponseSchema } from '@tappa/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/db';
import type { ModuleDeps } from '../../module-deps';
import { auditActor } from '../audit/audit.service';
import { findTenant } from '../tenants/tenant-reads.service';
import {
  grantTenantRole,
  listTenantRoles,
  presentTenantRole,
  removeTenantRole,
} from '../users/tenant-roles.service';

const TenantParams = z.object({ id: z.uuid() });

/** The tenant's roles, as every endpoint here answers them. */
async function rolesOf(db: Db, tenantId: string) {
  return { roles: (await listTenantRoles(db, tenantId)).map(presentTenantRole) };
}

/**
 * Roles across tenants: the superadmin gives an existing account a role in a tenant that is not
 * its own, changes it and takes it away (`user_tenant_roles`).
 */
export const tenantRolesEndpoints: FastifyPluginAsyncZod<
  Pick<ModuleDeps, 'db' | 'clock' | 'access'>
> = async (app, { db, clock, access }) => {
  app.get(
    '/api/platform/tenants/:id/roles',
    {
      schema: {
        tags: ['tenants'],
        params: TenantParams,
        response: { 200: TenantRoleListResponseSchema },
      },
      config: { access: 'superadmin' },
    },
    async (request) => {
      const { scope } = await access.requireSuperadmin(request);
      const tenant = await findTenant(db, scope, request.params.id);
      return rolesOf(db, tenant.id);
    },
  );

  app.post(
    '/api/platform/tenants/:id/roles',
    {
      schema: {
        tags: ['tenants'],
        params: TenantParams,
        body: TenantRoleGrantSchema,
        response: { 200: TenantRoleListResponseSchema },
      },
      config: { access: 'superadmin' },
    },
    async (request) => {
      const caller = await access.requireSuperadmin(request);
      const tenant = await findTenant(db, caller.scope, request.params.id);
      await grantTenantRole(db, {
        ...request.body,
        tenant,
        actor: auditActor(caller, request.ip),
        now: clock.now(),
      });
      return rolesOf(db, tenant.id);
    },
  );

  app.delete(
    '/api/platform/tenants/:id/roles/:userId',
    {
      schema: { tags: ['tenants'], params: TenantParams.extend({ userId: z.uuid() }) },
      config: { access: 'superadmin' },
    },
    async (request, reply) => {
      const caller = await access.requireSuperadmin(request);
      const tenant = await findTenant(db, caller.scope, request.params.id);
      await removeTenantRole(db, {
        tenant,
        userId: request.params.userId,
        actor: auditActor(caller, request.ip),
        now: clock.now(),
      });
      return reply.status(204).send();
    },
  );
};
