import { StepListResponseSchema, StepsWriteRequestSchema } from '@tappa/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ModuleDeps } from '../../module-deps';
import { ROUTE_BODY_MAX_BYTES } from './routes.endpoints';
import { canManageRoutes } from './routes.policy';
import { listSteps, presentSteps, requireRoute, saveSteps } from './routes.service';

const RouteParams = z.object({ slug: z.string(), routeId: z.uuid() });

/** The step editor's list of a route's steps: read, and saved as a whole. */
export const stepsEndpoints: FastifyPluginAsyncZod<Pick<ModuleDeps, 'db' | 'access'>> = async (
  app,
  { db, access },
) => {
  const url = '/api/tenants/:slug/routes/:routeId/steps';

  app.get(
    url,
    {
      schema: { tags: ['routes'], params: RouteParams, response: { 200: StepListResponseSchema } },
      config: { access: 'tenant-staff' },
    },
    async (request) => {
      const { scope } = await access.requireTenantStaff(
        request,
        request.params.slug,
        canManageRoutes,
      );
      const route = await requireRoute(db, scope, request.params.routeId);
      return presentSteps(await listSteps(db, scope, route.id));
    },
  );

  app.put(
    url,
    {
      schema: {
        tags: ['routes'],
        params: RouteParams,
        body: StepsWriteRequestSchema,
        response: { 200: StepListResponseSchema },
      },
      config: { access: 'tenant-staff' },
      bodyLimit: ROUTE_BODY_MAX_BYTES,
    },
    async (request) => {
      const { scope } = await access.requireTenantStaff(
        request,
        request.params.slug,
        canManageRoutes,
      );
      return presentSteps(await saveSteps(db, scope, request.params.routeId, request.body.steps));
    },
  );
};
