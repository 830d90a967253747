import {
  PlayableRouteListSchema,
  playerRoutes,
  RedeemCodeRequestSchema,
  RouteDetailsSchema,
  type StartRouteResponse,
  StartRouteResponseSchema,
} from '@tappa/contracts';
import type { FastifyPluginAsync } from 'fastify';
import type { TenantScope } from '../../db/scope';
import type { ModuleDeps } from '../../module-deps';
import { servesOn } from '../access/serve';
import { publishGameLive } from '../live/live.service';
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
  Pick<ModuleDeps, 'db' | 'access' | 'clock' | 'reads' | 'publishLiveChange'>
> = async (app, { db, access, clock, reads, publishLiveChange }) => {
  const serve = servesOn(app, access);

  /** A game started (or resumed): the live console follows it, with its route. */
  async function announce(scope: TenantScope, started: StartRouteResponse) {
    if (started.next === 'play') {
      await publishGameLive(db, scope, started.game_id, publishLiveChange);
    }
    return started;
  }

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
    async ({ caller: { tenant, scope, email }, params }) =>
      announce(
        scope,
        await chooseRoute(db, scope, {
          routeSlug: params.routeSlug,
          email,
          now: clock.now(),
          timeZone: tenant.time_zone,
        }),
      ),
  );

  serve(
    playerRoutes.redeem,
    { body: RedeemCodeRequestSchema, response: StartRouteResponseSchema },
    { tags, rateLimit: RATE_LIMITS.code },
    async ({ caller: { scope, email }, params, body }) =>
      announce(
        scope,
        await redeemAccessCode(db, scope, {
          routeSlug: params.routeSlug,
          code: body.code,
          email,
          now: clock.now(),
        }),
      ),
  );
};
