import { RoutePaymentListSchema, routePayments, RoutePaymentSchema } from '@tappa/contracts';
import type { FastifyPluginAsync } from 'fastify';
import type { ModuleDeps } from '../../module-deps';
import { sendCsvFile } from '../../infra/csv';
import { servesOn } from '../access/serve';
import { auditActor } from '../audit/audit.service';
import {
  exportRoutePaymentsCsv,
  listRoutePayments,
  refundRoutePayment,
} from './route-payments.service';

const tags = ['payments'];

/**
 * The routes of `routePayments` (`@tappa/contracts`): a route's payments for its staff (issue 17,
 * decision 0046), the list, its CSV, and the whole refund of a completed payment through the
 * tenant's Stripe account.
 */
export const routePaymentsEndpoints: FastifyPluginAsync<
  Pick<ModuleDeps, 'db' | 'config' | 'access' | 'clock' | 'payments'>
> = async (app, { db, config, access, clock, payments }) => {
  const serve = servesOn(app, access);

  serve(
    routePayments.list,
    { response: RoutePaymentListSchema },
    { tags },
    async ({ scope, params }) => ({ payments: await listRoutePayments(db, scope, params.routeId) }),
  );

  serve(routePayments.csv, {}, { tags }, async ({ caller, params, reply }) => {
    const { csv, fileName } = await exportRoutePaymentsCsv(db, caller.scope, {
      routeId: params.routeId,
      timeZone: caller.tenant.time_zone,
    });
    return sendCsvFile(reply, { fileName, body: csv });
  });

  serve(
    routePayments.refund,
    { response: RoutePaymentSchema },
    { tags },
    ({ caller, params, request }) =>
      refundRoutePayment(
        { db, config, payments, actor: auditActor(caller, request.ip), now: clock.now() },
        caller.scope,
        { routeId: params.routeId, paymentId: params.paymentId },
      ),
  );
};
