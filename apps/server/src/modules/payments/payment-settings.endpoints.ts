import {
  PaymentSettingsSchema,
  paymentSettings,
  PaymentSettingsWriteSchema,
} from '@tappa/contracts';
import type { FastifyPluginAsync } from 'fastify';
import type { ModuleDeps } from '../../module-deps';
import { servesOn } from '../access/serve';
import { auditActor } from '../audit/audit.service';
import {
  connectStripeAccount,
  disconnectStripeAccount,
  getPaymentSettingsView,
} from './payment-settings.service';

const tags = ['payments'];

/**
 * The routes of `paymentSettings` (`@tappa/contracts`): the tenant's Payments tab (issue 17,
 * decision 0043), the Stripe account its teams pay into; tenant admins and the superadmin only.
 */
export const paymentSettingsEndpoints: FastifyPluginAsync<
  Pick<ModuleDeps, 'db' | 'config' | 'clock' | 'access'>
> = async (app, { db, config, clock, access }) => {
  const serve = servesOn(app, access);

  serve(paymentSettings.read, { response: PaymentSettingsSchema }, { tags }, ({ scope }) =>
    getPaymentSettingsView({ db, config }, scope),
  );

  serve(
    paymentSettings.connect,
    { body: PaymentSettingsWriteSchema, response: PaymentSettingsSchema },
    { tags },
    async ({ caller, body, request }) => {
      const deps = { db, config, actor: auditActor(caller, request.ip), now: clock.now() };
      await connectStripeAccount(deps, {
        scope: caller.scope,
        tenantName: caller.tenant.name,
        input: body,
      });
      return getPaymentSettingsView(deps, caller.scope);
    },
  );

  serve(paymentSettings.disconnect, {}, { tags }, async ({ caller, request }) => {
    await disconnectStripeAccount(
      { db, config, actor: auditActor(caller, request.ip), now: clock.now() },
      { scope: caller.scope, tenantName: caller.tenant.name },
    );
    return undefined;
  });
};
