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
import { AppError } from '../../errors';
import type { ModuleDeps } from '../../module-deps';
import { readMultipartForm } from '../../plugins/multipart';
import { uploadRouteImage } from './route-image.service';
import { canManageRoutes } from './routes.policy';
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

/**
 * The largest body of a route JSON import or replace, and of the step editor's list (decision
 * 0024): a route of `ROUTE_STEPS_MAX` steps with generous texts (`largeRouteJson` in the domain's
 * fixtures) is about 3.3 MB sent for import; 4 MiB leaves room above it. A larger body answers 413
 * `body_too_large` before it is read.
 */
export const ROUTE_BODY_MAX_BYTES = 4 * 1024 * 1024;

const TenantParams = z.object({ slug: z.string() });
const RouteParams = z.object({ slug: z.string(), routeId: z.uuid() });

/**
 * Route management of a tenant (doc 2 §2 'Manage Routes'): list, forms, toggle, image, JSON in
 * and out.
 */
export const routesEndpoints: FastifyPluginAsyncZod<
  Pick<ModuleDeps, 'db' | 'access' | 'clock' | 'storage' | 'publishContentChange'>
> = async (app, { db, access, clock, storage, publishContentChange }) => {
  const base = '/api/tenants/:slug/routes';
  /** The tenant of the request's staff member, who may manage its routes. */

  app.get(
    base,
    {
      schema: {
        tags: ['routes'],
        params: TenantParams,
        response: { 200: RouteListResponseSchema },
      },
      config: { access: 'tenant-staff' },
    },
    async (request) => {
      const { scope } = await access.requireTenantStaff(
        request,
        request.params.slug,
        canManageRoutes,
      );
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
      config: { access: 'tenant-staff' },
    },
    async (request, reply) => {
      const { scope } = await access.requireTenantStaff(
        request,
        request.params.slug,
        canManageRoutes,
      );
      const route = await createRoute(db, scope, request.body);
      publishContentChange(scope.tenantId, route.id);
      return reply.status(201).send(route);
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
      config: { access: 'tenant-staff' },
    },
    async (request) => {
      const { scope } = await access.requireTenantStaff(
        request,
        request.params.slug,
        canManageRoutes,
      );
      const route = await editRoute(db, scope, request.params.routeId, request.body);
      // Players' route list and the scoreboards (title, slug) show the change at once.
      publishContentChange(scope.tenantId, route.id);
      return route;
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
      config: { access: 'tenant-staff' },
    },
    async (request) => {
      const { scope } = await access.requireTenantStaff(
        request,
        request.params.slug,
        canManageRoutes,
      );
      const route = await setRouteActive(db, scope, request.params.routeId, request.body.is_active);
      // The all-routes scoreboard shows the rows of active routes only.
      publishContentChange(scope.tenantId, request.params.routeId);
      return route;
    },
  );

  app.delete(
    `${base}/:routeId`,
    { schema: { tags: ['routes'], params: RouteParams }, config: { access: 'tenant-staff' } },
    async (request, reply) => {
      const { scope } = await access.requireTenantStaff(
        request,
        request.params.slug,
        canManageRoutes,
      );
      await deleteRoute(db, scope, request.params.routeId);
      publishContentChange(scope.tenantId, request.params.routeId);
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
      config: { access: 'tenant-staff' },
      bodyLimit: ROUTE_BODY_MAX_BYTES,
    },
    async (request) => {
      const { scope } = await access.requireTenantStaff(
        request,
        request.params.slug,
        canManageRoutes,
      );
      const imported = await importRoute(db, scope, request.body.json);
      publishContentChange(scope.tenantId, imported.route.id);
      return imported;
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
      config: { access: 'tenant-staff' },
      bodyLimit: ROUTE_BODY_MAX_BYTES,
    },
    async (request) => {
      const { scope } = await access.requireTenantStaff(
        request,
        request.params.slug,
        canManageRoutes,
      );
      const replaced = await replaceRouteFromJson(
        db,
        scope,
        request.params.routeId,
        request.body.json,
      );
      publishContentChange(scope.tenantId, replaced.route.id);
      return replaced;
    },
  );

  app.get(
    `${base}/:routeId/export`,
    { schema: { tags: ['routes'], params: RouteParams }, config: { access: 'tenant-staff' } },
    async (request, reply) => {
      const { scope } = await access.requireTenantStaff(
        request,
        request.params.slug,
        canManageRoutes,
      );
      const document = await exportRoute(db, scope, request.params.routeId);
      return reply
        .header('content-disposition', `attachment; filename="${document.id}.json"`)
        .send(document);
    },
  );

  app.post(
    `${base}/:routeId/image`,
    {
      schema: {
        tags: ['routes'],
        consumes: ['multipart/form-data'],
        params: RouteParams,
        response: { 200: RouteSummarySchema },
      },
      config: { access: 'tenant-staff' },
    },
    async (request) => {
      const { scope } = await access.requireTenantStaff(
        request,
        request.params.slug,
        canManageRoutes,
      );
      const form = await readMultipartForm(request, ['image'], { dataRequired: false });
      const file = form.files.get('image');
      if (!file) throw new AppError('image_missing');
      const route = await uploadRouteImage({ db, storage, now: clock.now() }, scope, {
        routeId: request.params.routeId,
        file,
      });
      publishContentChange(scope.tenantId, route.id);
      return route;
    },
  );
};
