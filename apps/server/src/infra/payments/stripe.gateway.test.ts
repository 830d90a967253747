import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../../test/helpers/manual-clock';
import { StripeStub } from '../../../test/helpers/stripe-stub';
import type { CheckoutRequest } from './payment-gateway';
import { PaymentProviderError, PaymentWebhookError } from './payment-gateway';
import { createStripeGateway } from './stripe.gateway';

const ACCOUNT = { secretKey: 'sk_test_gateway_account_a' };
const OTHER = { secretKey: 'sk_test_gateway_account_b' };
const SIGNING_SECRET = 'whsec_gateway_test_secret';

const request = (overrides: Partial<CheckoutRequest> = {}): CheckoutRequest => ({
  amountCents: 990,
  productName: 'Roma: il cuore del centro storico',
  customerEmail: 'squadra@squadre.test',
  successUrl: 'https://tappa.test/demo/roma/payment?session={CHECKOUT_SESSION_ID}',
  cancelUrl: 'https://tappa.test/demo/roma/payment?cancelled=1',
  clientReferenceId: 'registration-1',
  metadata: { tenant_id: 'tenant-1', registration_id: 'registration-1' },
  idempotencyKey: `checkout-registration-1-990-${Math.random()}`,
  ...overrides,
});

describe('the Stripe gateway against the local Stripe stub', () => {
  const clock = new ManualClock();
  const stub = new StripeStub(clock);
  const nowS = Math.floor(clock.nowMs() / 1000);
  let gateway: ReturnType<typeof createStripeGateway>;

  beforeAll(async () => {
    await stub.start();
    // The hosted page's payment notifies a webhook URL; these tests read the session back instead.
    stub.addAccount({
      ...ACCOUNT,
      webhookUrl: `${stub.baseUrl}/webhook`,
      signingSecret: SIGNING_SECRET,
    });
    stub.addAccount(OTHER);
    gateway = createStripeGateway({ apiUrl: stub.baseUrl });
  });
  afterAll(() => stub.stop());

  it('creates an open Checkout Session in euro on the tenant account, with a hosted page', async () => {
    const session = await gateway.createCheckoutSession(ACCOUNT, request());
    expect(session).toMatchObject({
      status: 'open',
      paymentStatus: 'unpaid',
      amountTotal: 990,
      currency: 'eur',
      clientReferenceId: 'registration-1',
      metadata: { tenant_id: 'tenant-1', registration_id: 'registration-1' },
      paymentIntentId: null,
    });
    expect(session.url).toBe(`${stub.baseUrl}/c/pay/${session.id}`);
    expect(stub.sessions.get(session.id)?.customer_email).toBe('squadra@squadre.test');
  });

  it('answers a retried creation with the same session, and refuses the key with another price', async () => {
    const first = request();
    const again = await gateway.createCheckoutSession(ACCOUNT, first);
    const replay = await gateway.createCheckoutSession(ACCOUNT, first);
    expect(replay.id).toBe(again.id);
    const conflict = gateway.createCheckoutSession(ACCOUNT, { ...first, amountCents: 500 });
    await expect(conflict).rejects.toBeInstanceOf(PaymentProviderError);
    await expect(conflict).rejects.toMatchObject({ code: 'idempotency_error', status: 400 });
  });

  it('reads a session back, paid once the hosted page is paid; another account cannot see it', async () => {
    const session = await gateway.createCheckoutSession(ACCOUNT, request());
    stub.addAccount({
      ...ACCOUNT,
      webhookUrl: `${stub.baseUrl}/nowhere`,
      signingSecret: SIGNING_SECRET,
    });
    await stub.pay(session.id);
    const paid = await gateway.retrieveCheckoutSession(ACCOUNT, session.id);
    expect(paid).toMatchObject({ status: 'complete', paymentStatus: 'paid', amountTotal: 990 });
    expect(paid.paymentIntentId).toMatch(/^pi_test_/);
    await expect(gateway.retrieveCheckoutSession(OTHER, session.id)).rejects.toMatchObject({
      code: 'resource_missing',
      status: 404,
    });
  });

  it('refunds a paid payment once, in part or whole, and refuses more than was paid', async () => {
    const session = await gateway.createCheckoutSession(ACCOUNT, request());
    await stub.pay(session.id);
    const { paymentIntentId } = await gateway.retrieveCheckoutSession(ACCOUNT, session.id);
    const intent = paymentIntentId ?? '';
    const part = await gateway.refund(ACCOUNT, {
      paymentIntentId: intent,
      amountCents: 300,
      idempotencyKey: 'refund-a',
    });
    expect(part).toMatchObject({ amountCents: 300, status: 'succeeded' });
    // The same request again is the same refund, not a second one.
    const replay = await gateway.refund(ACCOUNT, {
      paymentIntentId: intent,
      amountCents: 300,
      idempotencyKey: 'refund-a',
    });
    expect(replay.id).toBe(part.id);
    await expect(
      gateway.refund(ACCOUNT, {
        paymentIntentId: intent,
        amountCents: 1000,
        idempotencyKey: 'refund-b',
      }),
    ).rejects.toMatchObject({ code: 'amount_too_large' });
    const rest = await gateway.refund(ACCOUNT, {
      paymentIntentId: intent,
      idempotencyKey: 'refund-c',
    });
    expect(rest.amountCents).toBe(690);
  });

  it('refuses a call with a key Stripe does not know', async () => {
    await expect(
      gateway.createCheckoutSession({ secretKey: 'sk_test_unknown' }, request()),
    ).rejects.toMatchObject({ status: 401 });
  });

  it('accepts a delivery signed with the signing secret, and refuses a tampered or foreign one', () => {
    const { payload, signature, eventId } = stub.signedEvent(
      SIGNING_SECRET,
      'checkout.session.completed',
      {
        id: 'cs_test_1',
      },
    );
    expect(gateway.verifyWebhook(payload, signature, SIGNING_SECRET, clock.nowMs())).toEqual({
      id: eventId,
      type: 'checkout.session.completed',
      object: { id: 'cs_test_1' },
    });
    const tampered = payload.replace('cs_test_1', 'cs_test_2');
    expect(() => gateway.verifyWebhook(tampered, signature, SIGNING_SECRET, clock.nowMs())).toThrow(
      PaymentWebhookError,
    );
    expect(() =>
      gateway.verifyWebhook(payload, signature, 'whsec_another_tenant', clock.nowMs()),
    ).toThrow(PaymentWebhookError);
    expect(() => gateway.verifyWebhook(payload, '', SIGNING_SECRET, clock.nowMs())).toThrow(
      PaymentWebhookError,
    );
  });

  it('takes a delivery signed within five minutes of its clock either way, and refuses any other', () => {
    const verifyAt = (timestamp: number) => {
      const event = stub.signedEvent(
        SIGNING_SECRET,
        'checkout.session.completed',
        {},
        { timestamp },
      );
      return () =>
        gateway.verifyWebhook(event.payload, event.signature, SIGNING_SECRET, clock.nowMs());
    };
    for (const offsetS of [-300, -1, 0, 1, 300]) {
      expect(verifyAt(nowS + offsetS), `${offsetS} s`).not.toThrow();
    }
    // Older: a replay; later: signed ahead for a replay to come.
    for (const offsetS of [-301, -3600, 301, 3600]) {
      expect(verifyAt(nowS + offsetS), `${offsetS} s`).toThrow(PaymentWebhookError);
    }
  });
});
