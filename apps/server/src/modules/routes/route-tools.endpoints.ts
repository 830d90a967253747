import {
  AccessCodeListSchema,
  GenerateCodesRequestSchema,
  PricingCreateSchema,
  PricingListResponseSchema,
  PricingRowSchema,
  RouteSummarySchema,
  ScoreboardResetResponseSchema,
  StepListResponseSchema,
  StepsWriteRequestSchema,
} from '@tappa/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/client';
import { AppError } from '../../errors';
import type { StorageDriver } from '../../infra/storage/storage';
import { requireSuperadmin, requireTenantStaff } from '../../plugins/access';
import { readMultipartForm } from '../../plugins/multipart';
import type { ScoreboardRealtime } from '../scoreboards/scoreboard-realtime';
import { generateRouteCodes, listAccessCodes } from './access-codes.service';
import { addPricing, deletePricing, listPricing } from './pricing.service';
import { uploadRouteImage } from './route-image.service';
import {
  exportRouteScoreboard,
  resetDailyScoreboard,
  resetRouteScoreboard,
} from './route-scoreboard.service';
import { listSteps } from './routes.repository';
import { presentSteps, requireRoute, saveSteps } from './routes.service';

const RouteParams = z.object({ slug: z.string(), routeId: z.uuid() });

/** Steps, image, price lists and scoreboard of a route, and the superadmin's daily reset. */
export const routeToolsEndpoints: FastifyPluginAsyncZod<{
  db: Database;
  storage: StorageDriver;
  scoreboards: Pick<ScoreboardRealtime, 'publish'>;
  now?: () => number;
}> = async (app, { db, storage, scoreboards, now = Date.now }) => {
  const base = '/api/tenants/:slug/routes/:routeId';

  app.get(
    `${base}/steps`,
    {
      schema: { tags: ['routes'], params: RouteParams, response: { 200: StepListResponseSchema } },
    },
    async (request) => {
      const { scope } = await requireTenantStaff(request, db, request.params.slug);
      const route = await requireRoute(db, scope, request.params.routeId);
      return presentSteps(await listSteps(db, route));
    },
  );

  app.put(
    `${base}/steps`,
    {
      schema: {
        tags: ['routes'],
        params: RouteParams,
        body: StepsWriteRequestSchema,
        response: { 200: StepListResponseSchema },
      },
    },
    async (request) => {
      const { scope } = await requireTenantStaff(request, db, request.params.slug);
      return presentSteps(await saveSteps(db, scope, request.params.routeId, request.body.steps));
    },
  );

  app.post(
    `${base}/image`,
    {
      schema: {
        tags: ['routes'],
        consumes: ['multipart/form-data'],
        params: RouteParams,
        response: { 200: RouteSummarySchema },
      },
    },
    async (request) => {
      const { scope } = await requireTenantStaff(request, db, request.params.slug);
      const form = await readMultipartForm(request, ['image'], { dataRequired: false });
      const file = form.files.get('image');
      if (!file) throw new AppError('bad_request', 'Choose an image file');
      return uploadRouteImage({ db, storage, now: new Date(now()) }, scope, {
        routeId: request.params.routeId,
        file,
      });
    },
  );

  app.get(
    `${base}/pricing`,
    {
      schema: {
        tags: ['routes'],
        params: RouteParams,
        response: { 200: PricingListResponseSchema },
      },
    },
    async (request) => {
      const { scope } = await requireTenantStaff(request, db, request.params.slug);
      return { pricing: await listPricing(db, scope, request.params.routeId) };
    },
  );

  app.post(
    `${base}/pricing`,
    {
      schema: {
        tags: ['routes'],
        params: RouteParams,
        body: PricingCreateSchema,
        response: { 201: PricingRowSchema },
      },
    },
    async (request, reply) => {
      const { scope } = await requireTenantStaff(request, db, request.params.slug);
      return reply
        .status(201)
        .send(await addPricing(db, scope, request.params.routeId, request.body));
    },
  );

  app.delete(
    `${base}/pricing/:pricingId`,
    { schema: { tags: ['routes'], params: RouteParams.extend({ pricingId: z.uuid() }) } },
    async (request, reply) => {
      const { scope } = await requireTenantStaff(request, db, request.params.slug);
      await deletePricing(db, scope, request.params.routeId, request.params.pricingId);
      return reply.status(204).send();
    },
  );

  app.get(
    `${base}/scoreboard.csv`,
    { schema: { tags: ['routes'], params: RouteParams } },
    async (request, reply) => {
      const { scope, tenant } = await requireTenantStaff(request, db, request.params.slug);
      const { csv, fileName } = await exportRouteScoreboard(db, scope, {
        routeId: request.params.routeId,
        timeZone: tenant.time_zone,
        now: new Date(now()),
      });
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .send(csv);
    },
  );

  app.delete(
    `${base}/scoreboard`,
    {
      schema: {
        tags: ['routes'],
        params: RouteParams,
        response: { 200: ScoreboardResetResponseSchema },
      },
    },
    async (request) => {
      const { scope } = await requireTenantStaff(request, db, request.params.slug);
      const entries = await resetRouteScoreboard(db, scope, request.params.routeId);
      if (entries > 0) scoreboards.publish(scope.tenantId, request.params.routeId);
      return { entries_affected: entries };
    },
  );

  app.post(
    '/api/tenants/:slug/scoreboard/daily-reset',
    {
      schema: {
        tags: ['routes'],
        params: z.object({ slug: z.string() }),
        response: { 200: ScoreboardResetResponseSchema },
      },
    },
    async (request) => {
      await requireSuperadmin(request);
      const { scope, tenant } = await requireTenantStaff(request, db, request.params.slug);
      const entries = await resetDailyScoreboard(db, scope, {
        timeZone: tenant.time_zone,
        now: new Date(now()),
      });
      if (entries > 0) scoreboards.publish(scope.tenantId, null);
      return { entries_affected: entries };
    },
  );

  app.get(
    `${base}/access-codes`,
    { schema: { tags: ['routes'], params: RouteParams, response: { 200: AccessCodeListSchema } } },
    async (request) => {
      const { scope } = await requireTenantStaff(request, db, request.params.slug);
      return { codes: await listAccessCodes(db, scope, request.params.routeId) };
    },
  );

  app.post(
    `${base}/access-codes`,
    {
      schema: {
        tags: ['routes'],
        params: RouteParams,
        body: GenerateCodesRequestSchema,
        response: { 201: AccessCodeListSchema },
      },
    },
    async (request, reply) => {
      const { scope, profile } = await requireTenantStaff(request, db, request.params.slug);
      const codes = await generateRouteCodes(db, scope, {
        routeId: request.params.routeId,
        count: request.body.count,
        createdBy: profile.id,
      });
      return reply.status(201).send({ codes });
    },
  );
};
