import {
  StaffCreateResponseSchema,
  StaffCreateSchema,
  StaffListResponseSchema,
  StaffMemberSchema,
  StaffUpdateSchema,
} from '@tappa/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ModuleDeps } from '../../module-deps';
import { auditActor } from '../audit/audit.service';
import { removeStaff, updateStaff } from '../users/tenant-staff-changes.service';
import { addStaff, listStaff, presentStaff } from '../users/tenant-staff.service';
import { canManageTenantStaff } from './tenants.policy';

const SlugParams = z.object({ slug: z.string() });
const MemberParams = SlugParams.extend({ staffId: z.uuid() });

/**
 * The tenant's Admin Users tab: its staff for every staff member to read; adding, changing and
 * removing for its tenant admins and the superadmin (game managers get a 403).
 */
export const tenantStaffEndpoints: FastifyPluginAsyncZod<
  Pick<ModuleDeps, 'db' | 'clock' | 'access'>
> = async (app, { db, clock, access }) => {
  const tags = ['tenants'];

  app.get(
    '/api/tenants/:slug/staff',
    {
      schema: { tags, params: SlugParams, response: { 200: StaffListResponseSchema } },
      config: { access: 'tenant-staff' },
    },
    async (request) => {
      const { tenant } = await access.requireTenantStaff(request, request.params.slug);
      return { staff: (await listStaff(db, tenant.id)).map(presentStaff) };
    },
  );

  app.post(
    '/api/tenants/:slug/staff',
    {
      schema: {
        tags,
        params: SlugParams,
        body: StaffCreateSchema,
        response: { 201: StaffCreateResponseSchema },
      },
      config: { access: 'tenant-staff' },
    },
    async (request, reply) => {
      const caller = await access.requireTenantStaff(
        request,
        request.params.slug,
        canManageTenantStaff,
      );
      const added = await addStaff(db, {
        tenant: caller.tenant,
        input: request.body,
        actor: auditActor(caller, request.ip),
        now: clock.now(),
      });
      return reply.status(201).send({ outcome: added.outcome, member: presentStaff(added.member) });
    },
  );

  app.put(
    '/api/tenants/:slug/staff/:staffId',
    {
      schema: {
        tags,
        params: MemberParams,
        body: StaffUpdateSchema,
        response: { 200: StaffMemberSchema },
      },
      config: { access: 'tenant-staff' },
    },
    async (request) => {
      const caller = await access.requireTenantStaff(
        request,
        request.params.slug,
        canManageTenantStaff,
      );
      const row = await updateStaff(db, {
        tenant: caller.tenant,
        userId: request.params.staffId,
        update: request.body,
        actor: auditActor(caller, request.ip),
        now: clock.now(),
      });
      return presentStaff(row);
    },
  );

  app.delete(
    '/api/tenants/:slug/staff/:staffId',
    {
      schema: { tags, params: MemberParams },
      config: { access: 'tenant-staff' },
    },
    async (request, reply) => {
      const caller = await access.requireTenantStaff(
        request,
        request.params.slug,
        canManageTenantStaff,
      );
      await removeStaff(db, {
        tenant: caller.tenant,
        userId: request.params.staffId,
        actor: auditActor(caller, request.ip),
        now: clock.now(),
      });
      return reply.status(204).send();
    },
  );
};
