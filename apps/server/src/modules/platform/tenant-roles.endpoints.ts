import { TenantRoleGrantSchema, TenantRoleListResponseSchema, tenantRoles } from '@tappa/contracts';
import type { FastifyPluginAsync } from 'fastify';
import type { Db } from '../../db/db';
import type { ModuleDeps } from '../../module-deps';
import { servesOn } from '../access/serve';
import { auditActor } from '../audit/audit.service';
import { findTenant } from '../tenants/tenant-reads.service';
import {
  grantTenantRole,
  listTenantRoles,
  presentTenantRole,
  removeTenantRole,
} from '../users/tenant-roles.service';

const tags = ['tenants'];

/** The tenant's roles, as every endpoint here answers them. */
async function rolesOf(db: Db, tenantId: string) {
  return { roles: (await listTenantRoles(db, tenantId)).map(presentTenantRole) };
}

/**
 * Roles across tenants (`tenantRoles`, `@tappa/contracts`): the superadmin gives an existing
 * account a role in a tenant that is not its own, changes it and takes it away
 * (`user_tenant_roles`).
 */
export const tenantRolesEndpoints: FastifyPluginAsync<
  Pick<ModuleDeps, 'db' | 'clock' | 'access'>
> = async (app, { db, clock, access }) => {
  const serve = servesOn(app, access);

  serve(
    tenantRoles.list,
    { response: TenantRoleListResponseSchema },
    { tags },
    async ({ scope, params }) => {
      const tenant = await findTenant(db, scope, params.id);
      return rolesOf(db, tenant.id);
    },
  );

  serve(
    tenantRoles.grant,
    { body: TenantRoleGrantSchema, response: TenantRoleListResponseSchema },
    { tags },
    async ({ caller, scope, params, body, request }) => {
      const tenant = await findTenant(db, scope, params.id);
      await grantTenantRole(db, {
        ...body,
        tenant,
        actor: auditActor(caller, request.ip),
        now: clock.now(),
      });
      return rolesOf(db, tenant.id);
    },
  );

  serve(tenantRoles.remove, {}, { tags }, async ({ caller, scope, params, request }) => {
    const tenant = await findTenant(db, scope, params.id);
    await removeTenantRole(db, {
      tenant,
      userId: params.userId,
      actor: auditActor(caller, request.ip),
      now: clock.now(),
    });
    return undefined;
  });
};
