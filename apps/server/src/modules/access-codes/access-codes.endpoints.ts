import { accessCodes, AccessCodeListSchema, GenerateCodesRequestSchema } from '@tappa/contracts';
import type { FastifyPluginAsync } from 'fastify';
import type { ModuleDeps } from '../../module-deps';
import { servesOn } from '../access/serve';
import { deleteAccessCode, generateRouteCodes, listAccessCodes } from './access-codes.service';

const tags = ['access-codes'];

/**
 * The routes of `accessCodes` (`@tappa/contracts`): a route's access codes for its staff, the
 * list, new batches and deleting an unused code.
 */
export const accessCodesEndpoints: FastifyPluginAsync<Pick<ModuleDeps, 'db' | 'access'>> = async (
  app,
  { db, access },
) => {
  const serve = servesOn(app, access);

  serve(
    accessCodes.list,
    { response: AccessCodeListSchema },
    { tags },
    async ({ scope, params }) => ({ codes: await listAccessCodes(db, scope, params.routeId) }),
  );

  serve(
    accessCodes.generate,
    { body: GenerateCodesRequestSchema, response: AccessCodeListSchema },
    { tags },
    async ({ caller, scope, params, body }) => {
      const codes = await generateRouteCodes(db, scope, {
        routeId: params.routeId,
        count: body.count,
        createdBy: caller.profile.id,
      });
      return { codes };
    },
  );

  serve(accessCodes.remove, {}, { tags }, async ({ scope, params }) => {
    await deleteAccessCode(db, scope, { routeId: params.routeId, codeId: params.codeId });
    return undefined;
  });
};
