import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, expect } from 'vitest';
import type { AppParts } from '../../src/app';
import { createTestApp, type TestApp } from './app';
import {
  callPayment,
  makePaidRoute,
  type PaidRouteWorld,
  type PriceRowValues,
  paymentsOf,
} from './paid-route';
import { StripeStub } from './stripe-stub';

/** The settings key the Stripe tests seal the tenants' secrets with. */
export const STRIPE_TEST_SETTINGS_KEY = 'a-settings-secret-of-at-least-32-characters';

/**
 * A test app on the Stripe stub for the tests of a `describe` (started in `beforeAll`, closed in
 * `afterAll`), listening on a port because the stub delivers its events over HTTP, as Stripe
 * does. `env` adds to the stub's URL and the settings key.
 */
export function stripeWebhookApp(opts: { env?: NodeJS.ProcessEnv } & Pick<AppParts, 'clock'> = {}) {
  // Stripe signs its events on the server's clock: the webhook checks their time against it.
  const stub = new StripeStub(opts.clock);
  let t: TestApp | undefined;
  let baseUrl = '';
  beforeAll(async () => {
    await stub.start();
    t = await createTestApp({
      clock: opts.clock,
      env: {
        SETTINGS_ENCRYPTION_KEY: STRIPE_TEST_SETTINGS_KEY,
        STRIPE_API_URL: stub.baseUrl,
        ...opts.env,
      },
    });
    baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await t?.close();
    await stub.stop();
  });
  const app = () => {
    if (!t) throw new Error('the app starts in beforeAll');
    return t;
  };
  return { stub, t: app, baseUrl: () => baseUrl };
}

/** The URL Stripe delivers a tenant's events to (decision 0043). */
export const webhookPath = (tenantId: string) => `/api/payments/stripe/webhook/${tenantId}`;

/** A Checkout Session object as paid by card: what `checkout.session.completed` then carries. */
export const paidSession = (session: object) => ({
  ...session,
  status: 'complete',
  payment_status: 'paid',
  payment_intent: `pi_test_${randomBytes(6).toString('hex')}`,
});

/**
 * Webhook calls for tests on an app listening at `baseUrl` (the stub delivers over HTTP, as
 * Stripe does): open a team's Checkout Session, deliver raw or signed events to its tenant's URL.
 */
export function webhookDeliveries(ctx: {
  stub: StripeStub;
  /** The app and its base URL, known once `beforeAll` has started them. */
  t: () => TestApp;
  baseUrl: () => string;
}) {
  const { stub } = ctx;

  /** A connected tenant's team with an open Checkout Session; its payment row and session. */
  const openSession = async (opts: { prices?: PriceRowValues[]; discountCode?: string } = {}) => {
    const t = ctx.t();
    const w = await makePaidRoute(
      { app: t.app, db: t.database.db, stub },
      { connected: true, ...(opts.prices ? { prices: opts.prices } : {}) },
    );
    stub.addAccount({ ...w.stripe!, webhookUrl: `${ctx.baseUrl()}${webhookPath(w.tenant.id)}` });
    const payload = opts.discountCode === undefined ? {} : { discount_code: opts.discountCode };
    const res = await callPayment(t.app, w, { method: 'POST', path: '/checkout', payload });
    expect(res.statusCode, res.body).toBe(200);
    const [payment] = await paymentsOf(t.database.db, w);
    return { w, payment: payment!, session: stub.sessions.get(payment!.checkout_session_id)! };
  };

  /** Delivers a payload with a signature header to a tenant's webhook URL, without a browser. */
  const deliver = (tenantId: string, payload: string, signature?: string) =>
    ctx.t().app.inject({
      method: 'POST',
      url: webhookPath(tenantId),
      headers: {
        'content-type': 'application/json; charset=utf-8',
        ...(signature === undefined ? {} : { 'stripe-signature': signature }),
      },
      payload,
    });

  /** A signed event of `type` for `object`, delivered to `w`'s URL. */
  const sendEvent = (
    w: PaidRouteWorld,
    type: string,
    object: object,
    opts: { eventId?: string; secret?: string; timestamp?: number } = {},
  ) => {
    const event = stub.signedEvent(opts.secret ?? w.stripe!.signingSecret, type, object, opts);
    return deliver(w.tenant.id, event.payload, event.signature);
  };

  return { openSession, deliver, sendEvent };
}
