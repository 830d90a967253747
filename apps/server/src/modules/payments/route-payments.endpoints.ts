import { RoutePaymentListSchema, RoutePaymentSchema } from '@tappa/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ModuleDeps } from '../../module-deps';
import { auditActor } from '../audit/audit.service';
import { canReadRoutePayments, canRefundPayments } from './payments.policy';
import {
  exportRoutePaymentsCsv,
  listRoutePayments,
  refundRoutePayment,
} from './route-payments.service';

const RouteParams = z.object({ slug: z.string(), routeId: z.uuid() });
const PaymentParams = RouteParams.extend({ paymentId: z.uuid() });

/**
 * A route's payments for its staff (issue 17, decision 0046): the list, its CSV, and the whole
 * refund of a completed payment through the tenant's Stripe account.
 */
export const routePaymentsEndpoints: FastifyPluginAsyncZod<
  Pick<ModuleDeps, 'db' | 'config' | 'access' | 'clock' | 'payments'>
> = async (app, { db, config, access, clock, payments }) => {
  const base = '/api/tenants/:slug/routes/:routeId';
  const tags = ['payments'];

  app.get(
    `${base}/payments`,
    {
      schema: { tags, params: RouteParams, response: { 200: RoutePaymentListSchema } },
      config: { access: 'tenant-staff' },
    },
    async (request) => {
      const { scope } = await access.requireTenantStaff(
        request,
        request.params.slug,
        canReadRoutePayments,
      );
      return { payments: await listRoutePayments(db, scope, request.params.routeId) };
    },
  );

  app.get(
    `${base}/payments.csv`,
    { schema: { tags, params: RouteParams }, config: { access: 'tenant-staff' } },
    async (request, reply) => {
      const { scope, tenant } = await access.requireTenantStaff(
        request,
        request.params.slug,
        canReadRoutePayments,
      );
      const { csv, fileName } = await exportRoutePaymentsCsv(db, scope, {
        routeId: request.params.routeId,
        timeZone: tenant.time_zone,
      });
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .send(csv);
    },
  );

  app.post(
    `${base}/payments/:paymentId/refund`,
    {
      schema: { tags, params: PaymentParams, response: { 200: RoutePaymentSchema } },
      config: { access: 'tenant-staff' },
    },
    async (request) => {
      const caller = await access.requireTenantStaff(
        request,
        request.params.slug,
        canRefundPayments,
      );
      return refundRoutePayment(
        { db, config, payments, actor: auditActor(caller, request.ip), now: clock.now() },
        caller.scope,
        { routeId: request.params.routeId, paymentId: request.params.paymentId },
      );
    },
  );
};
