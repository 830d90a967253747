import {
  PlayableRouteListSchema,
  playerRoutes,
  RedeemCodeRequestSchema,
  RouteDetailsSchema,
  StartRouteResponseSchema,
} from '@tappa/contracts';
import type { FastifyPluginAsync } from 'fastify';
import type { ModuleDeps } from '../../module-deps';
import { servesOn } from '../access/serve';
import { RATE_LIMITS } from '../limits/route-limits';
import {
  chooseRoute,
  listPlayableRoutes,
  loadRouteDetails,
  redeemAccessCode,
} from './route-choice.service';

const tags = ['play'];

/**
 * The routes of `playerRoutes` (`@tappa/contracts`): the route choice of a team (doc 2 §2, §4),
 * the list, a route's details, start, a code.
 */
export const routeChoiceEndpoints: FastifyPluginAsync<
  Pick<ModuleDeps, 'db' | 'access' | 'clock' | 'reads'>
> = async (app, { db, access, clock, reads }) => {
  const serve = servesOn(app, access);

  serve(
    playerRoutes.list,
    { response: PlayableRouteListSchema },
    { tags },
    async ({ caller: { tenant, scope }, request }) => ({
      routes: await listPlayableRoutes(db, scope, {
        email: access.readPlayer(request, tenant.id),
        now: clock.now(),
        timeZone: tenant.time_zone,
        activeRoutes: reads.activeRoutes,
      }),
    }),
  );

  serve(
    playerRoutes.details,
    { response: RouteDetailsSchema },
    { tags },
    ({ caller: { tenant, scope }, params }) =>
      loadRouteDetails(db, scope, {
        routeSlug: params.routeSlug,
        now: clock.now(),
        timeZone: tenant.time_zone,
      }),
  );

  serve(
    playerRoutes.start,
    { response: StartRouteResponseSchema },
    { tags },
    ({ caller: { tenant, scope, email }, params }) =>
      chooseRoute(db, scope, {
        routeSlug: params.routeSlug,
        email,
        now: clock.now(),
        timeZone: tenant.time_zone,
      }),
  );

  serve(
    playerRoutes.redeem,
    { body: RedeemCodeRequestSchema, response: StartRouteResponseSchema },
    { tags, rateLimit: RATE_LIMITS.code },
    ({ caller: { scope, email }, params, body }) =>
      redeemAccessCode(db, scope, {
        routeSlug: params.routeSlug,
        code: body.code,
        email,
        now: clock.now(),
      }),
  );
};
