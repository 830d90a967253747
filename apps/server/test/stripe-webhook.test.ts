import { randomUUID } from 'node:crypto';
import type { ErrorBody } from '@tappa/contracts';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { paymentEvents } from '../src/db/schema';
import { rawDb, TEST_DB } from './helpers/database';
import { fingerprint } from './helpers/fingerprint';
import { ManualClock } from './helpers/manual-clock';
import { callPayment, makePaidRoute, paymentsOf, registrationOf } from './helpers/paid-route';
import { paidSession, stripeWebhookApp, webhookDeliveries } from './helpers/stripe-webhook';

describe(`the signed Stripe webhook on ${TEST_DB}`, () => {
  // Stripe's clock and the server's: the signatures' times are the test's to choose.
  const clock = new ManualClock();
  const ctx = stripeWebhookApp({ clock });
  const { stub, t } = ctx;
  const { openSession, deliver, sendEvent } = webhookDeliveries(ctx);
  const eventRows = (eventId: string) =>
    rawDb(t().database.db).select().from(paymentEvents).where(eq(paymentEvents.event_id, eventId));
  /** Asserts a refusal (400 payment_webhook_refused) that changed nothing. */
  const refused = async (
    why: string,
    request: () => Promise<{ statusCode: number; body: string; json: <T>() => T }>,
  ) => {
    const before = await fingerprint(t().database.db);
    const res = await request();
    expect(res.statusCode, `${why}: ${res.body}`).toBe(400);
    expect(await fingerprint(t().database.db), `${why} changed the database`).toBe(before);
    return res;
  };

  it('completes the payment and the registration from the stub, then the route starts', async () => {
    const { w, payment, session } = await openSession();
    const delivery = await stub.pay(session.id);
    expect(delivery.status).toBe(200);
    const [row] = await paymentsOf(t().database.db, w);
    expect(row).toMatchObject({
      id: payment.id,
      status: 'completed',
      payment_intent_id: stub.sessions.get(session.id)!.payment_intent,
    });
    expect(row!.completed_at).toBeInstanceOf(Date);
    expect(await registrationOf(t().database.db, w)).toMatchObject({
      payment_status: 'completed',
      payment_amount: '12.99',
      route_id: w.routeId,
    });
    expect(await eventRows(delivery.event.id)).toHaveLength(1);
    const status = await callPayment(t().app, w, { method: 'GET', path: '/payment' });
    expect(status.json()).toEqual({ status: 'completed', amount_cents: 1299 });
    const start = await callPayment(t().app, w, { method: 'POST', path: '/start' });
    expect(start.json()).toMatchObject({ next: 'play', route_slug: w.routeSlug });

    // The same event delivered again: 200, and nothing changes.
    const before = await fingerprint(t().database.db);
    const again = await sendEvent(w, 'checkout.session.completed', stub.sessions.get(session.id)!, {
      eventId: delivery.event.id,
    });
    expect(again.statusCode).toBe(200);
    expect(await fingerprint(t().database.db)).toBe(before);
  });

  it('applies two parallel deliveries of one new event once', async () => {
    const { w, session } = await openSession();
    const eventId = `evt_test_${randomUUID()}`;
    const object = paidSession(session);
    const answers = await Promise.all([
      sendEvent(w, 'checkout.session.completed', object, { eventId }),
      sendEvent(w, 'checkout.session.completed', object, { eventId }),
    ]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200]);
    expect(await eventRows(eventId)).toHaveLength(1);
    expect(await paymentsOf(t().database.db, w)).toMatchObject([{ status: 'completed' }]);
    expect(await registrationOf(t().database.db, w)).toMatchObject({ payment_status: 'completed' });
  });

  it('leaves an unpaid completed session pending, and completes it on async success', async () => {
    const { w, session } = await openSession();
    const unpaid = { ...session, status: 'complete', payment_status: 'unpaid' };
    expect((await sendEvent(w, 'checkout.session.completed', unpaid)).statusCode).toBe(200);
    expect(await paymentsOf(t().database.db, w)).toMatchObject([{ status: 'pending' }]);
    const res = await sendEvent(
      w,
      'checkout.session.async_payment_succeeded',
      paidSession(session),
    );
    expect(res.statusCode).toBe(200);
    expect(await paymentsOf(t().database.db, w)).toMatchObject([{ status: 'completed' }]);
  });

  it('marks a payment failed on async_payment_failed, the registration staying pending', async () => {
    const { w, session } = await openSession();
    await callPayment(t().app, w, { method: 'POST', path: '/start' });
    const res = await sendEvent(w, 'checkout.session.async_payment_failed', session);
    expect(res.statusCode).toBe(200);
    expect(await paymentsOf(t().database.db, w)).toMatchObject([{ status: 'failed' }]);
    expect(await registrationOf(t().database.db, w)).toMatchObject({ payment_status: 'pending' });
    const status = await callPayment(t().app, w, { method: 'GET', path: '/payment' });
    expect(status.json()).toEqual({ status: 'failed', amount_cents: 1299 });
  });

  it('answers 200 to an event type it does not handle, changing no payment', async () => {
    const { w, session } = await openSession();
    const payments = await paymentsOf(t().database.db, w);
    const registration = await registrationOf(t().database.db, w);
    const res = await sendEvent(w, 'charge.refund.updated', { id: 're_x', object: 'refund' });
    expect(res.statusCode).toBe(200);
    const expired = await sendEvent(w, 'checkout.session.expired', session);
    expect(expired.statusCode).toBe(200);
    expect(await paymentsOf(t().database.db, w)).toEqual(payments);
    expect(await registrationOf(t().database.db, w)).toEqual(registration);
  });

  it('refuses a tampered, unsigned, stale or foreign-signed delivery, changing nothing', async () => {
    const { w, session } = await openSession();
    const b = await openSession();
    const event = stub.signedEvent(
      w.stripe!.signingSecret,
      'checkout.session.completed',
      paidSession(session),
    );
    const tampered = event.payload.replace('"amount_total":1299', '"amount_total":1');
    expect(tampered).not.toBe(event.payload);
    const res = await refused('tampered', () => deliver(w.tenant.id, tampered, event.signature));
    expect(res.json<ErrorBody>().error.code).toBe('payment_webhook_refused');
    await refused('unsigned', () => deliver(w.tenant.id, event.payload));
    await refused('signed with tenant B’s secret', () =>
      sendEvent(w, 'checkout.session.completed', paidSession(session), {
        secret: b.w.stripe!.signingSecret,
      }),
    );
    // Older than Stripe's 5-minute window: a replay.
    await refused('stale', () =>
      sendEvent(w, 'checkout.session.completed', paidSession(session), {
        timestamp: Math.floor(clock.nowMs() / 1000) - 600,
      }),
    );
    expect(await paymentsOf(t().database.db, w)).toMatchObject([{ status: 'pending' }]);
  });

  it('refuses a delivery signed more than 5 minutes ahead, as a stale one', async () => {
    const { w, session } = await openSession();
    const nowS = Math.floor(clock.nowMs() / 1000);
    const res = await refused('an hour ahead', () =>
      sendEvent(w, 'checkout.session.completed', paidSession(session), { timestamp: nowS + 3600 }),
    );
    expect(res.json<ErrorBody>().error.code).toBe('payment_webhook_refused');
    expect(await paymentsOf(t().database.db, w)).toMatchObject([{ status: 'pending' }]);
  });

  it("refuses tenant B's session signed with A's secret at A's URL, changing nothing", async () => {
    const a = await openSession();
    const b = await openSession();
    await refused("B's session", () =>
      sendEvent(a.w, 'checkout.session.completed', paidSession(b.session)),
    );
    // A's own session whose metadata names B: refused too.
    const forged = {
      ...paidSession(a.session),
      metadata: { ...a.session.metadata, tenant_id: b.w.tenant.id },
    };
    await refused('metadata of another tenant', () =>
      sendEvent(a.w, 'checkout.session.completed', forged),
    );
    expect(await paymentsOf(t().database.db, b.w)).toMatchObject([{ status: 'pending' }]);
  });

  it('refuses an unknown tenant and a tenant without Stripe', async () => {
    const { w, session } = await openSession();
    const event = stub.signedEvent(
      w.stripe!.signingSecret,
      'checkout.session.completed',
      paidSession(session),
    );
    await refused('unknown tenant', () => deliver(randomUUID(), event.payload, event.signature));
    const unconnected = await makePaidRoute(
      { app: t().app, db: t().database.db, stub },
      { connected: false },
    );
    await refused('no Stripe', () =>
      deliver(unconnected.tenant.id, event.payload, event.signature),
    );
  });
});
