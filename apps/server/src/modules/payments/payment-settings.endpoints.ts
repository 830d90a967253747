import { PaymentSettingsSchema, PaymentSettingsWriteSchema } from '@tappa/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ModuleDeps } from '../../module-deps';
import { auditActor } from '../audit/audit.service';
import { canManagePaymentSettings } from './payments.policy';
import {
  connectStripeAccount,
  disconnectStripeAccount,
  getPaymentSettingsView,
} from './payment-settings.service';

const SlugParams = z.object({ slug: z.string() });

/**
 * The tenant's Payments tab (issue 17, decision 0043): the Stripe account its teams pay into,
 * connected with write-only secrets and disconnected; tenant admins and the superadmin only.
 */
export const paymentSettingsEndpoints: FastifyPluginAsyncZod<
  Pick<ModuleDeps, 'db' | 'config' | 'clock' | 'access'>
> = async (app, { db, config, clock, access }) => {
  const url = '/api/tenants/:slug/payment-settings';
  const tags = ['payments'];

  app.get(
    url,
    {
      schema: { tags, params: SlugParams, response: { 200: PaymentSettingsSchema } },
      config: { access: 'tenant-staff' },
    },
    async (request) => {
      const { scope } = await access.requireTenantStaff(
        request,
        request.params.slug,
        canManagePaymentSettings,
      );
      return getPaymentSettingsView({ db, config }, scope);
    },
  );

  app.put(
    url,
    {
      schema: {
        tags,
        params: SlugParams,
        body: PaymentSettingsWriteSchema,
        response: { 200: PaymentSettingsSchema },
      },
      config: { access: 'tenant-staff' },
    },
    async (request) => {
      const caller = await access.requireTenantStaff(
        request,
        request.params.slug,
        canManagePaymentSettings,
      );
      const deps = { db, config, actor: auditActor(caller, request.ip), now: clock.now() };
      await connectStripeAccount(deps, {
        scope: caller.scope,
        tenantName: caller.tenant.name,
        input: request.body,
      });
      return getPaymentSettingsView(deps, caller.scope);
    },
  );

  app.delete(
    url,
    { schema: { tags, params: SlugParams }, config: { access: 'tenant-staff' } },
    async (request, reply) => {
      const caller = await access.requireTenantStaff(
        request,
        request.params.slug,
        canManagePaymentSettings,
      );
      await disconnectStripeAccount(
        { db, config, actor: auditActor(caller, request.ip), now: clock.now() },
        { scope: caller.scope, tenantName: caller.tenant.name },
      );
      return reply.status(204).send();
    },
  );
};
