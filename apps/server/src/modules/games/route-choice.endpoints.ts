import {
  PlayableRouteListSchema,
  RedeemCodeRequestSchema,
  RouteDetailsSchema,
  StartRouteResponseSchema,
} from '@tappa/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ModuleDeps } from '../../module-deps';
import { RATE_LIMITS } from '../limits/route-limits';
import {
  chooseRoute,
  listPlayableRoutes,
  loadRouteDetails,
  redeemAccessCode,
} from './route-choice.service';

const Slug = z.object({ slug: z.string() });
const RouteSlug = z.object({ slug: z.string(), routeSlug: z.string() });

/** The route choice of a team (doc 2 §2, §4): the list, a route's details, start, a code. */
export const routeChoiceEndpoints: FastifyPluginAsyncZod<
  Pick<ModuleDeps, 'db' | 'access' | 'clock' | 'reads'>
> = async (app, { db, access, clock, reads }) => {
  app.get(
    '/api/play/:slug/routes',
    {
      schema: { tags: ['play'], params: Slug, response: { 200: PlayableRouteListSchema } },
      config: { access: 'public-tenant' },
    },
    async (request) => {
      const { tenant, scope } = await access.requirePlayableTenant(request.params.slug);
      return {
        routes: await listPlayableRoutes(db, scope, {
          email: access.readPlayer(request, tenant.id),
          now: clock.now(),
          timeZone: tenant.time_zone,
          activeRoutes: reads.activeRoutes,
        }),
      };
    },
  );

  app.get(
    '/api/play/:slug/routes/:routeSlug',
    {
      schema: { tags: ['play'], params: RouteSlug, response: { 200: RouteDetailsSchema } },
      config: { access: 'public-tenant' },
    },
    async (request) => {
      const { tenant, scope } = await access.requirePlayableTenant(request.params.slug);
      return loadRouteDetails(db, scope, {
        routeSlug: request.params.routeSlug,
        now: clock.now(),
        timeZone: tenant.time_zone,
      });
    },
  );

  app.post(
    '/api/play/:slug/routes/:routeSlug/start',
    {
      schema: { tags: ['play'], params: RouteSlug, response: { 200: StartRouteResponseSchema } },
      config: { access: 'player' },
    },
    async (request) => {
      const { tenant, scope, email } = await access.requirePlayer(request, request.params.slug);
      return chooseRoute(db, scope, {
        routeSlug: request.params.routeSlug,
        email,
        now: clock.now(),
        timeZone: tenant.time_zone,
      });
    },
  );

  app.post(
    '/api/play/:slug/routes/:routeSlug/redeem',
    {
      schema: {
        tags: ['play'],
        params: RouteSlug,
        body: RedeemCodeRequestSchema,
        response: { 200: StartRouteResponseSchema },
      },
      config: { access: 'player', rateLimit: RATE_LIMITS.code },
    },
    async (request) => {
      const { scope, email } = await access.requirePlayer(request, request.params.slug);
      return redeemAccessCode(db, scope, {
        routeSlug: request.params.routeSlug,
        code: request.body.code,
        email,
        now: clock.now(),
      });
    },
  );
};
