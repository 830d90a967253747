import {
  RouteActiveSchema,
  RouteFormSchema,
  RouteImportResponseSchema,
  RouteJsonRequestSchema,
  RouteListResponseSchema,
  RouteSummarySchema,
} from '@tappa/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/client';
import { requireTenantStaff } from '../../plugins/access';
import type { ScoreboardRealtime } from '../scoreboards/scoreboard-realtime';
import { listRoutes } from './routes.repository';
import {
  createRoute,
  deleteRoute,
  editRoute,
  exportRoute,
  importRoute,
  presentRoute,
  replaceRouteFromJson,
  setRouteActive,
} from './routes.service';

const TenantParams = z.object({ slug: z.string() });
const RouteParams = z.object({ slug: z.string(), routeId: z.uuid() });

/** Route management of a tenant (doc 2 §2 'Manage Routes'): list, forms, toggle, JSON in and out. */
export const routesEndpoints: FastifyPluginAsyncZod<{
  db: Database;
  scoreboards: Pick<ScoreboardRealtime, 'publish'>;
}> = async (app, { db, scoreboards }) => {
  const base = '/api/tenants/:slug/routes';

  app.get(
    base,
    {
      schema: {
        tags: ['routes'],
        params: TenantParams,
        response: { 200: RouteListResponseSchema },
      },
    },
    async (request) => {
      const { scope } = await requireTenantStaff(request, db, request.params.slug);
      const rows = await listRoutes(db, scope);
      return { routes: rows.map((r) => presentRoute(r.route, r.step_count)) };
    },
  );

  app.post(
    base,
    {
      schema: {
        tags: ['routes'],
        params: TenantParams,
        body: RouteFormSchema,
        response: { 201: RouteSummarySchema },
      },
    },
    async (request, reply) => {
      const { scope } = await requireTenantStaff(request, db, request.params.slug);
      return reply.status(201).send(await createRoute(db, scope, request.body));
    },
  );

  app.put(
    `${base}/:routeId`,
    {
      schema: {
        tags: ['routes'],
        params: RouteParams,
        body: RouteFormSchema,
        response: { 200: RouteSummarySchema },
      },
    },
    async (request) => {
      const { scope } = await requireTenantStaff(request, db, request.params.slug);
      return editRoute(db, scope, request.params.routeId, request.body);
    },
  );

  app.patch(
    `${base}/:routeId/active`,
    {
      schema: {
        tags: ['routes'],
        params: RouteParams,
        body: RouteActiveSchema,
        response: { 200: RouteSummarySchema },
      },
    },
    async (request) => {
      const { scope } = await requireTenantStaff(request, db, request.params.slug);
      const route = await setRouteActive(db, scope, request.params.routeId, request.body.is_active);
      // The all-routes scoreboard shows the rows of active routes only.
      scoreboards.publish(scope.tenantId, request.params.routeId);
      return route;
    },
  );

  app.delete(
    `${base}/:routeId`,
    { schema: { tags: ['routes'], params: RouteParams } },
    async (request, reply) => {
      const { scope } = await requireTenantStaff(request, db, request.params.slug);
      await deleteRoute(db, scope, request.params.routeId);
      scoreboards.publish(scope.tenantId, request.params.routeId);
      return reply.status(204).send();
    },
  );

  app.post(
    `${base}/import`,
    {
      schema: {
        tags: ['routes'],
        params: TenantParams,
        body: RouteJsonRequestSchema,
        response: { 200: RouteImportResponseSchema },
      },
      bodyLimit: 5 * 1024 * 1024,
    },
    async (request) => {
      const { scope } = await requireTenantStaff(request, db, request.params.slug);
      return importRoute(db, scope, request.body.json);
    },
  );

  app.put(
    `${base}/:routeId/json`,
    {
      schema: {
        tags: ['routes'],
        params: RouteParams,
        body: RouteJsonRequestSchema,
        response: { 200: RouteImportResponseSchema },
      },
      bodyLimit: 5 * 1024 * 1024,
    },
    async (request) => {
      const { scope } = await requireTenantStaff(request, db, request.params.slug);
      return replaceRouteFromJson(db, scope, request.params.routeId, request.body.json);
    },
  );

  app.get(
    `${base}/:routeId/export`,
    { schema: { tags: ['routes'], params: RouteParams } },
    async (request, reply) => {
      const { scope } = await requireTenantStaff(request, db, request.params.slug);
      const document = await exportRoute(db, scope, request.params.routeId);
      return reply
        .header('content-disposition', `attachment; filename="${document.id}.json"`)
        .send(document);
    },
  );
};
