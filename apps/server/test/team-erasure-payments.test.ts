import type { RoutePayment, RoutePaymentList } from '@tappa/contracts';
import type { Role } from '@tappa/domain';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { payments } from '../src/db/schema';
import { rawDb, TEST_DB } from './helpers/database';
import { call } from './helpers/factories';
import { outboxMessages } from './helpers/outbox';
import { type PaidRouteWorld, refundEntries, staffOf } from './helpers/paid-route';
import { stripeWebhookApp, webhookDeliveries } from './helpers/stripe-webhook';

describe(`an erased team's payments (decision 0057) on ${TEST_DB}`, () => {
  // Receipts land in the outbox, which the erasure has to empty of the team's mails.
  const ctx = stripeWebhookApp({ env: { MAIL_TRANSPORT: 'outbox' } });
  const { stub } = ctx;
  const { openSession } = webhookDeliveries(ctx);
  const t = ctx.t;
  const db = () => rawDb(t().database.db);
  const paymentRow = async (id: string) =>
    (await db().select().from(payments).where(eq(payments.id, id)))[0];
  /** A connected tenant's team that paid its route, confirmed by the signed webhook. */
  const paidWorld = async () => {
    const { w, payment } = await openSession();
    expect((await stub.pay(payment.checkout_session_id)).status).toBe(200);
    return { w, payment: (await paymentRow(payment.id))! };
  };
  const staff = (w: PaidRouteWorld, role: Role) =>
    staffOf({ app: t().app, db: t().database.db }, w, role);
  const paymentsUrl = (w: PaidRouteWorld) =>
    `/api/tenants/${w.tenant.slug}/routes/${w.routeId}/payments`;
  const erase = (cookie: string, w: PaidRouteWorld) =>
    call(t().app, cookie, {
      method: 'DELETE',
      url: `/api/tenants/${w.tenant.slug}/players/${w.registrationId}`,
    });
  const refund = (cookie: string, w: PaidRouteWorld, paymentId: string) =>
    call(t().app, cookie, { method: 'POST', url: `${paymentsUrl(w)}/${paymentId}/refund` });
  const refunds = (paymentId: string) => refundEntries(t().database.db, paymentId);

  it('keeps the payment without e-mail or name, lists it, exports it and refunds it', async () => {
    const { w, payment } = await paidWorld();
    const other = await paidWorld();
    expect(await outboxMessages(t().dataDir, w.email)).toHaveLength(1);
    const admin = await staff(w, 'tenant_admin');

    const erased = await erase(admin, w);
    expect(erased.statusCode, erased.body).toBe(200);
    expect(erased.json()).toEqual({
      games: 0,
      photos: 0,
      files: 0,
      mails: 1,
      messages: 0,
      hints: 0,
      fixes: 0,
      payments_kept: 1,
    });

    // The row stays for the organiser's accounts: amount, status, route and dates as they were.
    const kept = await paymentRow(payment.id);
    expect(kept).toEqual({
      ...payment,
      email: null,
      team_name: null,
      registration_id: null,
      // Only the moment of the change moves.
      updated_at: kept!.updated_at,
    });
    // The team's mails in the outbox (its receipt) went with it; another team's stay.
    expect(await outboxMessages(t().dataDir, w.email)).toEqual([]);
    expect(await outboxMessages(t().dataDir, other.w.email)).toHaveLength(1);
    expect(await paymentRow(other.payment.id)).toEqual(other.payment);

    const listed = await call(t().app, await staff(w, 'game_manager'), {
      method: 'GET',
      url: paymentsUrl(w),
    });
    expect(listed.statusCode, listed.body).toBe(200);
    expect(listed.json<RoutePaymentList>().payments).toEqual([
      {
        id: payment.id,
        team_name: null,
        email: null,
        list_price_cents: 1299,
        amount_cents: 1299,
        discount_code: null,
        status: 'completed',
        refunded_cents: 0,
        created_at: payment.created_at.toISOString(),
        completed_at: payment.completed_at!.toISOString(),
      },
    ]);
    const csv = await call(t().app, admin, { method: 'GET', url: `${paymentsUrl(w)}.csv` });
    const [, row, ...rest] = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\n');
    expect(rest).toEqual([]);
    expect(row).toMatch(
      /^Erased team,,12\.99,12\.99,,completed,0\.00,"[^"]+","[^"]+",Europe\/Rome$/,
    );

    // The refund needs no registration: Stripe gives the money back, the row says so.
    const refunded = await refund(admin, w, payment.id);
    expect(refunded.statusCode, refunded.body).toBe(200);
    expect(refunded.json<RoutePayment>()).toMatchObject({
      id: payment.id,
      team_name: null,
      email: null,
      status: 'refunded',
      refunded_cents: 1299,
    });
    expect(stub.refunds.filter((r) => r.paymentIntent === payment.payment_intent_id)).toEqual([
      expect.objectContaining({ amount: 1299 }),
    ]);
    expect(await refunds(payment.id)).toEqual([
      expect.objectContaining({
        target_label: null,
        details: { route: 'Roma pagata', amount_euro: '12.99' },
      }),
    ]);
  });

  it('forgets the name a refund wrote in the audit log when the team is erased later', async () => {
    const { w, payment } = await paidWorld();
    const admin = await staff(w, 'tenant_admin');
    expect((await refund(admin, w, payment.id)).statusCode).toBe(200);
    expect(await refunds(payment.id)).toEqual([
      expect.objectContaining({ target_label: 'Civette' }),
    ]);

    expect((await erase(admin, w)).statusCode).toBe(200);

    expect(await paymentRow(payment.id)).toMatchObject({
      email: null,
      team_name: null,
      registration_id: null,
      status: 'refunded',
      refunded_cents: 1299,
      amount_cents: 1299,
    });
    expect(await refunds(payment.id)).toEqual([
      expect.objectContaining({
        target_label: null,
        details: { route: 'Roma pagata', amount_euro: '12.99' },
      }),
    ]);
    // A second refund of the erased team's payment answers it as refunded, once.
    const again = await refund(admin, w, payment.id);
    expect(again.json<RoutePayment>()).toMatchObject({ status: 'refunded', team_name: null });
    expect(stub.refunds.filter((r) => r.paymentIntent === payment.payment_intent_id)).toHaveLength(
      1,
    );
  });

  it('completes a checkout the erased team left open, without a receipt to anyone', async () => {
    const { w, payment } = await openSession();
    expect((await erase(await staff(w, 'tenant_admin'), w)).statusCode).toBe(200);
    expect(await paymentRow(payment.id)).toMatchObject({ email: null, status: 'pending' });

    // Stripe had the session open: the payment still arrives and is recorded.
    const delivery = await stub.pay(payment.checkout_session_id);
    expect(delivery.status).toBe(200);

    expect(await paymentRow(payment.id)).toMatchObject({
      status: 'completed',
      email: null,
      team_name: null,
      registration_id: null,
      amount_cents: 1299,
    });
    expect(await outboxMessages(t().dataDir, w.email)).toEqual([]);
  });
});
