import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tenants } from '../src/db/schema';
import { sendPaymentReceipt } from '../src/modules/payments/payment-receipt';
import { createTestApp, type TestApp } from './helpers/app';
import { rawDb, TEST_DB } from './helpers/database';
import { ManualClock } from './helpers/manual-clock';
import { outboxMessages } from './helpers/outbox';
import { type PaidRouteWorld, paymentsOf } from './helpers/paid-route';
import { createRecordingLogger } from './helpers/recording-logger';
import { StripeStub } from './helpers/stripe-stub';
import { paidSession, stripeWebhookApp, webhookDeliveries } from './helpers/stripe-webhook';

const SECRET = 'a-settings-secret-of-at-least-32-characters';
/** 14 July 2026, 18:05 UTC: 20:05 in Rome (summer time), 14:05 in New York. */
const PAID_AT = Date.UTC(2026, 6, 14, 18, 5);
const PERCENTAGE = {
  discount_code: 'Estate',
  discount_type: 'percentage',
  discount_percentage: '20',
} as const;

/** The tenant and payment of a world, as the receipt function takes them. */
const receiptTenant = (w: PaidRouteWorld) => ({
  scope: {
    kind: 'tenant' as const,
    tenantId: w.tenant.id,
    slug: w.tenant.slug,
    role: 'player' as const,
  },
  name: w.tenant.name,
  timeZone: w.tenant.time_zone,
});

describe(`the payment receipt e-mail on ${TEST_DB}`, () => {
  const clock = new ManualClock(PAID_AT);
  const ctx = stripeWebhookApp({ clock, env: { MAIL_TRANSPORT: 'outbox' } });
  const { stub, t } = ctx;
  const { openSession, sendEvent } = webhookDeliveries(ctx);
  const receiptsTo = (w: PaidRouteWorld) => outboxMessages(t().dataDir, w.email);

  it('sends the team one receipt of the paid route, and none for a redelivered event', async () => {
    const { w, payment, session } = await openSession();
    const delivery = await stub.pay(session.id);
    expect(delivery.status).toBe(200);
    const intent = stub.sessions.get(session.id)!.payment_intent!;
    const receipts = await receiptsTo(w);
    expect(receipts).toHaveLength(1);
    expect(receipts[0]!.subject).toBe(`${w.tenant.name}: ricevuta di pagamento / payment receipt`);
    expect(receipts[0]!.text.trimEnd()).toBe(
      [
        `Ricevuta di pagamento — ${w.tenant.name}`,
        '',
        'Squadra: Civette',
        'Percorso: Roma pagata',
        'Importo pagato: € 12,99',
        'Data: 14/07/2026, 20:05 (ora di Roma)',
        `Riferimento del pagamento: ${payment.id}`,
        `Riferimento Stripe: ${intent}`,
        '',
        'Questa è una ricevuta di pagamento, non una fattura né un documento fiscale. ' +
          `Per la fattura rivolgiti a ${w.tenant.name}.`,
        '',
        '————————————————',
        '',
        `Payment receipt — ${w.tenant.name}`,
        '',
        'Team: Civette',
        'Route: Roma pagata',
        'Amount paid: € 12,99',
        'Date: 14/07/2026, 20:05 (Rome time)',
        `Payment reference: ${payment.id}`,
        `Stripe reference: ${intent}`,
        '',
        'This is a receipt of payment, not a tax invoice. ' +
          `For an invoice, contact ${w.tenant.name}.`,
      ].join('\n'),
    );

    // Stripe delivers the same event again, then a late async success: 200, no second receipt.
    const completed = stub.sessions.get(session.id)!;
    const again = await sendEvent(w, 'checkout.session.completed', completed, {
      eventId: delivery.event.id,
    });
    expect(again.statusCode).toBe(200);
    const late = await sendEvent(w, 'checkout.session.async_payment_succeeded', completed);
    expect(late.statusCode).toBe(200);
    expect(await receiptsTo(w)).toHaveLength(1);
  });

  it("shows the list price and the code, at the time of the tenant's own zone", async () => {
    const { w, session } = await openSession({ prices: [PERCENTAGE], discountCode: ' estate ' });
    await rawDb(t().database.db)
      .update(tenants)
      .set({ time_zone: 'America/New_York' })
      .where(eq(tenants.id, w.tenant.id));
    expect((await stub.pay(session.id)).status).toBe(200);
    const [receipt] = await receiptsTo(w);
    // 12.99 × 0.80 = 10.392, charged as 10.39.
    for (const line of [
      'Importo pagato: € 10,39',
      'Prezzo di listino: € 12,99',
      'Codice sconto: Estate',
      'Data: 14/07/2026, 14:05 (ora di New York)',
      'Date: 14/07/2026, 14:05 (New York time)',
      'Amount paid: € 10,39',
      'List price: € 12,99',
      'Discount code: Estate',
    ]) {
      expect(receipt?.text.split('\n')).toContain(line);
    }
  });

  it('sends nothing for an unpaid completed session or a failed payment', async () => {
    const { w, session } = await openSession();
    const unpaid = { ...session, status: 'complete', payment_status: 'unpaid' };
    expect((await sendEvent(w, 'checkout.session.completed', unpaid)).statusCode).toBe(200);
    const failed = await sendEvent(w, 'checkout.session.async_payment_failed', unpaid);
    expect(failed.statusCode).toBe(200);
    expect(await paymentsOf(t().database.db, w)).toMatchObject([{ status: 'failed' }]);
    expect(await receiptsTo(w)).toEqual([]);
  });

  it('sends one receipt when deliveries race: one event twice, or two paying events', async () => {
    const same = await openSession();
    const eventId = `evt_test_${randomUUID()}`;
    const object = paidSession(same.session);
    const copies = await Promise.all([
      sendEvent(same.w, 'checkout.session.completed', object, { eventId }),
      sendEvent(same.w, 'checkout.session.completed', object, { eventId }),
    ]);
    expect(copies.map((res) => res.statusCode)).toEqual([200, 200]);
    expect(await receiptsTo(same.w)).toHaveLength(1);

    const two = await openSession();
    const paying = paidSession(two.session);
    const events = await Promise.all([
      sendEvent(two.w, 'checkout.session.completed', paying),
      sendEvent(two.w, 'checkout.session.async_payment_succeeded', paying),
    ]);
    expect(events.map((res) => res.statusCode)).toEqual([200, 200]);
    expect(await paymentsOf(t().database.db, two.w)).toMatchObject([{ status: 'completed' }]);
    expect(await receiptsTo(two.w)).toHaveLength(1);
  });

  it('skips the receipt, and says so in the log, when mail delivery is not configured', async () => {
    const { w, payment } = await openSession();
    const logger = createRecordingLogger();
    await sendPaymentReceipt(
      { db: t().database.db, config: { ...t().config, mailTransport: 'auto' }, logger },
      receiptTenant(w),
      { payment, now: clock.now() },
    );
    expect(await receiptsTo(w)).toEqual([]);
    expect(logger.entries).toEqual([
      {
        level: 'info',
        args: [
          { tenantId: w.tenant.id, paymentId: payment.id },
          'payment receipt skipped: mail delivery is not configured',
        ],
      },
    ]);
  });
});

describe(`a payment receipt the mail server refuses, on ${TEST_DB}`, () => {
  const stub = new StripeStub();
  /** The addresses the SMTP server was asked to deliver to; it refuses every one. */
  const attempts: string[] = [];
  let smtp: SMTPServer;
  let t: TestApp;
  let baseUrl = '';
  beforeAll(async () => {
    await stub.start();
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onRcptTo(address, _session, callback) {
        attempts.push(address.address);
        callback(new Error('Mailbox unavailable'));
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    const { port } = smtp.server.address() as AddressInfo;
    t = await createTestApp({
      env: {
        SETTINGS_ENCRYPTION_KEY: SECRET,
        STRIPE_API_URL: stub.baseUrl,
        SMTP_URL: `smtp://127.0.0.1:${port}/?ignoreTLS=true`,
        MAIL_FROM: 'pagamenti@tappa.test',
      },
    });
    baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await t.close();
    await new Promise<void>((resolve) => smtp.close(resolve));
    await stub.stop();
  });

  const { openSession, sendEvent } = webhookDeliveries({
    stub,
    t: () => t,
    baseUrl: () => baseUrl,
  });

  it('still answers 200 with the payment completed, and a redelivery does not retry', async () => {
    const { w, session } = await openSession();
    const delivery = await stub.pay(session.id);
    expect(delivery.status).toBe(200);
    expect(attempts.filter((to) => to === w.email)).toHaveLength(1);
    expect(await paymentsOf(t.database.db, w)).toMatchObject([{ status: 'completed' }]);
    const again = await sendEvent(w, 'checkout.session.completed', stub.sessions.get(session.id)!, {
      eventId: delivery.event.id,
    });
    expect(again.statusCode).toBe(200);
    expect(attempts.filter((to) => to === w.email)).toHaveLength(1);
  });

  it('logs the failure at warn with the tenant and payment id only', async () => {
    const { w, payment } = await openSession();
    const logger = createRecordingLogger();
    await sendPaymentReceipt({ db: t.database.db, config: t.config, logger }, receiptTenant(w), {
      payment,
      now: new Date(PAID_AT),
    });
    expect(attempts).toContain(w.email);
    const warnings = logger.entries.filter((entry) => entry.level === 'warn');
    expect(warnings).toEqual([
      {
        level: 'warn',
        args: [
          {
            tenantId: w.tenant.id,
            paymentId: payment.id,
            reason: expect.stringContaining('Mailbox unavailable') as unknown,
          },
          'payment receipt could not be sent',
        ],
      },
    ]);
  });
});
