import {
  RouteActiveSchema,
  RouteFormSchema,
  RouteImportResponseSchema,
  RouteJsonRequestSchema,
  RouteListResponseSchema,
  routes,
  RouteSummarySchema,
} from '@tappa/contracts';
import type { FastifyPluginAsync } from 'fastify';
import { AppError } from '../../errors';
import type { ModuleDeps } from '../../module-deps';
import { readMultipartForm } from '../../plugins/multipart';
import { MULTIPART, servesOn } from '../access/serve';
import { retimeRouteGames } from '../games/event-clock.service';
import { duplicateRoute } from './route-duplicate.service';
import { uploadRouteImage } from './route-image.service';
import {
  createRoute,
  deleteRoute,
  editRoute,
  exportRoute,
  importRoute,
  listRoutes,
  presentRoute,
  replaceRouteFromJson,
  setRouteActive,
} from './routes.service';
import { importSampleRoute } from './sample-route.service';

/**
 * The largest body of a route JSON import or replace, and of the step editor's list (decision
 * 0024): a route of `ROUTE_STEPS_MAX` steps with generous texts (`largeRouteJson` in the domain's
 * fixtures) is about 3.3 MB sent for import; 4 MiB leaves room above it. A larger body answers 413
 * `body_too_large` before it is read.
 */
export const ROUTE_BODY_MAX_BYTES = 4 * 1024 * 1024;

const tags = ['routes'];

/**
 * The routes of `routes` (`@tappa/contracts`): route management of a tenant (doc 2 §2 'Manage
 * Routes'): list, forms, toggle, image, copy, JSON in and out.
 */
export const routesEndpoints: FastifyPluginAsync<
  Pick<ModuleDeps, 'db' | 'access' | 'clock' | 'storage' | 'config' | 'publishContentChange'>
> = async (app, { db, access, clock, storage, config, publishContentChange }) => {
  const serve = servesOn(app, access);

  serve(routes.list, { response: RouteListResponseSchema }, { tags }, async ({ scope }) => {
    const rows = await listRoutes(db, scope);
    return { routes: rows.map((r) => presentRoute(r.route, r.step_count)) };
  });

  serve(
    routes.create,
    { body: RouteFormSchema, response: RouteSummarySchema },
    { tags },
    async ({ scope, body }) => {
      const route = await createRoute(db, scope, body);
      publishContentChange(scope.tenantId, route.id);
      return route;
    },
  );

  serve(
    routes.edit,
    { body: RouteFormSchema, response: RouteSummarySchema },
    { tags },
    async ({ scope, params, body }) => {
      const route = await editRoute(db, scope, params.routeId, body);
      // Its games follow its event's start, and a due end may end them again (decision 0085).
      const instant = (iso: string | null) => (iso === null ? null : new Date(iso));
      await retimeRouteGames(db, scope, {
        route: {
          id: route.id,
          event_start_at: instant(route.event_start),
          event_end_at: instant(route.event_end),
        },
        now: clock.now(),
      });
      // Players' route list and the scoreboards (title, slug) show the change at once.
      publishContentChange(scope.tenantId, route.id);
      return route;
    },
  );

  serve(
    routes.setActive,
    { body: RouteActiveSchema, response: RouteSummarySchema },
    { tags },
    async ({ scope, params, body }) => {
      const route = await setRouteActive(db, scope, params.routeId, body.is_active);
      // The all-routes scoreboard shows the rows of active routes only.
      publishContentChange(scope.tenantId, params.routeId);
      return route;
    },
  );

  serve(routes.remove, {}, { tags }, async ({ scope, params }) => {
    await deleteRoute(db, scope, params.routeId);
    publishContentChange(scope.tenantId, params.routeId);
    return undefined;
  });

  serve(
    routes.importJson,
    { body: RouteJsonRequestSchema, response: RouteImportResponseSchema },
    { tags, bodyLimit: ROUTE_BODY_MAX_BYTES },
    async ({ scope, body }) => {
      const imported = await importRoute(db, scope, body.json);
      publishContentChange(scope.tenantId, imported.route.id);
      return imported;
    },
  );

  serve(
    routes.importSample,
    { response: RouteImportResponseSchema },
    { tags },
    async ({ scope }) => {
      const sampleDeps = { db, storage, clock, limits: config.media };
      const imported = await importSampleRoute(sampleDeps, scope);
      publishContentChange(scope.tenantId, imported.route.id);
      return imported;
    },
  );

  serve(routes.duplicate, { response: RouteSummarySchema }, { tags }, async ({ scope, params }) => {
    const route = await duplicateRoute({ db, storage, now: clock.now() }, scope, params.routeId);
    publishContentChange(scope.tenantId, route.id);
    return route;
  });

  serve(
    routes.replaceJson,
    { body: RouteJsonRequestSchema, response: RouteImportResponseSchema },
    { tags, bodyLimit: ROUTE_BODY_MAX_BYTES },
    async ({ scope, params, body }) => {
      const replaced = await replaceRouteFromJson(db, scope, params.routeId, body.json);
      publishContentChange(scope.tenantId, replaced.route.id);
      return replaced;
    },
  );

  serve(routes.exportJson, {}, { tags }, async ({ scope, params, reply }) => {
    const document = await exportRoute(db, scope, params.routeId);
    return reply
      .header('content-disposition', `attachment; filename="${document.id}.json"`)
      .send(document);
  });

  serve(
    routes.image,
    { body: MULTIPART, response: RouteSummarySchema },
    { tags },
    async ({ scope, params, request }) => {
      const form = await readMultipartForm(request, ['image'], { dataRequired: false });
      const file = form.files.get('image');
      if (!file) throw new AppError('image_missing');
      const route = await uploadRouteImage({ db, storage, now: clock.now() }, scope, {
        routeId: params.routeId,
        file,
      });
      publishContentChange(scope.tenantId, route.id);
      return route;
    },
  );
};
