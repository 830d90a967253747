import { StepListResponseSchema, steps, StepsWriteRequestSchema } from '@tappa/contracts';
import type { FastifyPluginAsync } from 'fastify';
import type { ModuleDeps } from '../../module-deps';
import { servesOn } from '../access/serve';
import { ROUTE_BODY_MAX_BYTES } from './routes.endpoints';
import { listSteps, presentSteps, requireRoute, saveSteps } from './routes.service';

const tags = ['routes'];

/** The routes of `steps` (`@tappa/contracts`): a route's step list, read and saved as a whole. */
export const stepsEndpoints: FastifyPluginAsync<Pick<ModuleDeps, 'db' | 'access'>> = async (
  app,
  { db, access },
) => {
  const serve = servesOn(app, access);

  serve(steps.list, { response: StepListResponseSchema }, { tags }, async ({ scope, params }) => {
    const route = await requireRoute(db, scope, params.routeId);
    return presentSteps(await listSteps(db, scope, route.id));
  });

  serve(
    steps.save,
    { body: StepsWriteRequestSchema, response: StepListResponseSchema },
    { tags, bodyLimit: ROUTE_BODY_MAX_BYTES },
    async ({ scope, params, body }) =>
      presentSteps(await saveSteps(db, scope, params.routeId, body.steps)),
  );
};
