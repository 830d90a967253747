import {
  StaffCreateResponseSchema,
  StaffCreateSchema,
  StaffListResponseSchema,
  StaffMemberSchema,
  StaffUpdateSchema,
  tenantStaff,
} from '@tappa/contracts';
import type { FastifyPluginAsync } from 'fastify';
import type { ModuleDeps } from '../../module-deps';
import { servesOn } from '../access/serve';
import { auditActor } from '../audit/audit.service';
import { removeStaff, updateStaff } from '../users/tenant-staff-changes.service';
import { addStaff, listStaff, presentStaff } from '../users/tenant-staff.service';

const tags = ['tenants'];

/**
 * The routes of `tenantStaff` (`@tappa/contracts`), the tenant's Admin Users tab: its staff for
 * every staff member to read; adding, changing and removing for its tenant admins and the
 * superadmin (game managers get a 403).
 */
export const tenantStaffEndpoints: FastifyPluginAsync<
  Pick<ModuleDeps, 'db' | 'clock' | 'access'>
> = async (app, { db, clock, access }) => {
  const serve = servesOn(app, access);

  serve(tenantStaff.list, { response: StaffListResponseSchema }, { tags }, async ({ caller }) => ({
    staff: (await listStaff(db, caller.tenant.id)).map(presentStaff),
  }));

  serve(
    tenantStaff.add,
    { body: StaffCreateSchema, response: StaffCreateResponseSchema },
    { tags },
    async ({ caller, body, request }) => {
      const added = await addStaff(db, {
        tenant: caller.tenant,
        input: body,
        actor: auditActor(caller, request.ip),
        now: clock.now(),
      });
      return { outcome: added.outcome, member: presentStaff(added.member) };
    },
  );

  serve(
    tenantStaff.update,
    { body: StaffUpdateSchema, response: StaffMemberSchema },
    { tags },
    async ({ caller, params, body, request }) => {
      const row = await updateStaff(db, {
        tenant: caller.tenant,
        userId: params.staffId,
        update: body,
        actor: auditActor(caller, request.ip),
        now: clock.now(),
      });
      return presentStaff(row);
    },
  );

  serve(tenantStaff.remove, {}, { tags }, async ({ caller, params, request }) => {
    await removeStaff(db, {
      tenant: caller.tenant,
      userId: params.staffId,
      actor: auditActor(caller, request.ip),
      now: clock.now(),
    });
    return undefined;
  });
};
