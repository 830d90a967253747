import { AccessCodeListSchema, GenerateCodesRequestSchema } from '@tappa/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ModuleDeps } from '../../module-deps';
import { canManageAccessCodes } from './access-codes.policy';
import { deleteAccessCode, generateRouteCodes, listAccessCodes } from './access-codes.service';

const RouteParams = z.object({ slug: z.string(), routeId: z.uuid() });
const CodeParams = RouteParams.extend({ codeId: z.uuid() });

/** A route's access codes for its staff: the list, new batches and deleting an unused code. */
export const accessCodesEndpoints: FastifyPluginAsyncZod<
  Pick<ModuleDeps, 'db' | 'access'>
> = async (app, { db, access }) => {
  const url = '/api/tenants/:slug/routes/:routeId/access-codes';

  app.get(
    url,
    {
      schema: {
        tags: ['access-codes'],
        params: RouteParams,
        response: { 200: AccessCodeListSchema },
      },
      config: { access: 'tenant-staff' },
    },
    async (request) => {
      const { scope } = await access.requireTenantStaff(
        request,
        request.params.slug,
        canManageAccessCodes,
      );
      return { codes: await listAccessCodes(db, scope, request.params.routeId) };
    },
  );

  app.post(
    url,
    {
      schema: {
        tags: ['access-codes'],
        params: RouteParams,
        body: GenerateCodesRequestSchema,
        response: { 201: AccessCodeListSchema },
      },
      config: { access: 'tenant-staff' },
    },
    async (request, reply) => {
      const { scope, profile } = await access.requireTenantStaff(
        request,
        request.params.slug,
        canManageAccessCodes,
      );
      const codes = await generateRouteCodes(db, scope, {
        routeId: request.params.routeId,
        count: request.body.count,
        createdBy: profile.id,
      });
      return reply.status(201).send({ codes });
    },
  );

  app.delete(
    `${url}/:codeId`,
    {
      schema: { tags: ['access-codes'], params: CodeParams },
      config: { access: 'tenant-staff' },
    },
    async (request, reply) => {
      const { scope } = await access.requireTenantStaff(
        request,
        request.params.slug,
        canManageAccessCodes,
      );
      await deleteAccessCode(db, scope, request.params);
      return reply.status(204).send();
    },
  );
};
