import type {
  ErrorBody,
  PlayableRouteList,
  RoutePayment,
  RoutePaymentList,
} from '@tappa/contracts';
import type { Role } from '@tappa/domain';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { games, payments, routeAccessCodes, routes, steps } from '../src/db/schema';
import { rawDb, TEST_DB } from './helpers/database';
import { call } from './helpers/factories';
import { fingerprint } from './helpers/fingerprint';
import {
  callPayment,
  makePaidRoute,
  type PaidRouteWorld,
  paymentsOf,
  refundEntries,
  registrationOf,
  staffOf,
} from './helpers/paid-route';
import { stripeWebhookApp } from './helpers/stripe-webhook';

describe(`the staff's payments list and refunds on ${TEST_DB}`, () => {
  // The stub delivers the completed checkout to the webhook over HTTP, as Stripe does.
  const { stub, t, baseUrl } = stripeWebhookApp();
  const db = () => rawDb(t().database.db);
  const checkout = (w: PaidRouteWorld) =>
    callPayment(t().app, w, { method: 'POST', path: '/checkout', payload: {} });
  /** A connected tenant's team with a pending checkout of its paid route; the payment row. */
  const pendingWorld = async () => {
    const w = await makePaidRoute({ app: t().app, db: t().database.db, stub }, { connected: true });
    stub.addAccount({
      ...w.stripe!,
      webhookUrl: `${baseUrl()}/api/payments/stripe/webhook/${w.tenant.id}`,
    });
    expect((await checkout(w)).statusCode).toBe(200);
    const [payment] = await paymentsOf(t().database.db, w);
    return { w, payment: payment! };
  };
  /** The same, paid on the stub's hosted page and confirmed by the signed webhook. */
  const paidWorld = async () => {
    const { w, payment } = await pendingWorld();
    expect((await stub.pay(payment.checkout_session_id)).status).toBe(200);
    const [paid] = await paymentsOf(t().database.db, w);
    expect(paid).toMatchObject({ status: 'completed' });
    return { w, payment: paid! };
  };
  /** A signed-in session of a new `role` account of the world's tenant (or the superadmin). */
  const staff = (w: PaidRouteWorld, role: Role) =>
    staffOf({ app: t().app, db: t().database.db }, w, role);
  const paymentsUrl = (w: PaidRouteWorld, routeId = w.routeId) =>
    `/api/tenants/${w.tenant.slug}/routes/${routeId}/payments`;
  const list = (cookie: string, w: PaidRouteWorld, routeId?: string) =>
    call(t().app, cookie, { method: 'GET', url: paymentsUrl(w, routeId) });
  const refund = (cookie: string, w: PaidRouteWorld, paymentId: string, routeId?: string) =>
    call(t().app, cookie, {
      method: 'POST',
      url: `${paymentsUrl(w, routeId)}/${paymentId}/refund`,
    });
  const refunds = (paymentId: string) => refundEntries(t().database.db, paymentId);

  it("lists the route's payments newest first, for admins, game managers and the superadmin", async () => {
    const { w, payment: paid } = await paidWorld();
    // A second, later checkout of the same route (another price gives another session).
    await db()
      .update(payments)
      .set({ created_at: new Date(paid.created_at.getTime() - 60_000) })
      .where(eq(payments.id, paid.id));
    const [pending] = await db()
      .insert(payments)
      .values({
        tenant_id: w.tenant.id,
        registration_id: w.registrationId,
        route_id: w.routeId,
        email: w.email,
        team_name: 'Civette',
        list_price_cents: 1299,
        amount_cents: 1104,
        discount_code: 'ESTATE',
        checkout_session_id: `cs_test_later_${paid.id}`,
      })
      .returning();
    for (const role of ['tenant_admin', 'game_manager', 'superadmin'] as const) {
      const res = await list(await staff(w, role), w);
      expect(res.statusCode, `${role}: ${res.body}`).toBe(200);
      const body = res.json<RoutePaymentList>();
      expect(body.payments.map((p) => p.id)).toEqual([pending!.id, paid.id]);
      expect(body.payments[1]).toEqual({
        id: paid.id,
        team_name: 'Civette',
        email: w.email,
        list_price_cents: 1299,
        amount_cents: 1299,
        discount_code: null,
        status: 'completed',
        refunded_cents: 0,
        created_at: new Date(paid.created_at.getTime() - 60_000).toISOString(),
        completed_at: paid.completed_at!.toISOString(),
      });
      expect(body.payments[0]).toMatchObject({ discount_code: 'ESTATE', status: 'pending' });
    }
  });

  it('keeps routes and tenants apart: each list holds its own route only; a foreign route is 404', async () => {
    const a = await paidWorld();
    const b = await paidWorld();
    const admin = await staff(a.w, 'tenant_admin');
    const own = await list(admin, a.w);
    expect(own.json<RoutePaymentList>().payments.map((p) => p.id)).toEqual([a.payment.id]);
    // Another tenant's route under this tenant's slug answers like a missing one.
    const foreign = await list(admin, a.w, b.w.routeId);
    expect(foreign.statusCode).toBe(404);
    // This tenant's other route lists none of the paid route's payments, nor refunds them.
    const [free] = await db()
      .insert(routes)
      .values({ tenant_id: a.w.tenant.id, slug: `gratis-${a.payment.id}`, title: 'Gratis' })
      .returning();
    expect((await list(admin, a.w, free!.id)).json()).toEqual({ payments: [] });
    const before = await fingerprint(t().database.db);
    const crossRoute = await refund(admin, a.w, a.payment.id, free!.id);
    expect(crossRoute.statusCode).toBe(404);
    expect(await fingerprint(t().database.db)).toBe(before);
    // Another tenant's admin does not see this tenant's list.
    const outsider = await list(await staff(b.w, 'tenant_admin'), a.w);
    expect(outsider.statusCode).toBe(404);
  });

  it('exports the list as CSV with a BOM, Italian dates and formula-safe cells', async () => {
    const { w, payment } = await paidWorld();
    await db()
      .update(payments)
      .set({ team_name: '=HYPERLINK("http://evil")' })
      .where(eq(payments.id, payment.id));
    const res = await call(t().app, await staff(w, 'game_manager'), {
      method: 'GET',
      url: `${paymentsUrl(w)}.csv`,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="${w.tenant.slug}-${w.routeSlug}-payments.csv"`,
    );
    const [header, row, ...rest] = res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\n');
    expect(res.body.startsWith('\uFEFF')).toBe(true);
    expect(header).toBe(
      'Team Name,Email,List Price (EUR),Amount (EUR),Discount Code,Status,Refunded (EUR),Created At,Completed At,Time Zone',
    );
    expect(rest).toEqual([]);
    expect(row).toMatch(
      new RegExp(
        `^"'=HYPERLINK\\(""http://evil""\\)",${w.email.replace(/\./g, '\\.')},12\\.99,12\\.99,,completed,0\\.00,"\\d{2}/\\d{2}/\\d{4}, \\d{2}:\\d{2}","\\d{2}/\\d{2}/\\d{4}, \\d{2}:\\d{2}",Europe/Rome$`,
      ),
    );
  });

  it('refunds a completed payment once, however often the request is retried', async () => {
    const { w, payment } = await paidWorld();
    // One step, so that the team's game is in progress on the route list.
    await db().insert(steps).values({
      route_id: w.routeId,
      ord: 1,
      place: 'Fontana di Trevi',
      lat: 41.900932,
      lng: 12.483313,
      radius_m: 50,
      task: 'Quante monete?',
      check_type: 'text',
      check_answer: 'tre',
    });
    const start = await callPayment(t().app, w, { method: 'POST', path: '/start' });
    expect(start.json()).toMatchObject({ next: 'play' });
    const gameId = start.json<{ game_id: string }>().game_id;
    const [gameBefore] = await db().select().from(games).where(eq(games.id, gameId));
    expect(await listedRoute(w)).toMatchObject({ in_progress: { game_id: gameId } });
    const admin = await staff(w, 'tenant_admin');

    const first = await refund(admin, w, payment.id);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json<RoutePayment>()).toMatchObject({
      id: payment.id,
      status: 'refunded',
      refunded_cents: 1299,
    });
    const retry = await refund(admin, w, payment.id);
    expect(retry.statusCode, retry.body).toBe(200);
    expect(retry.json()).toEqual(first.json());
    expect(stub.refunds.filter((r) => r.paymentIntent === payment.payment_intent_id)).toEqual([
      expect.objectContaining({ amount: 1299 }),
    ]);
    const [row] = await paymentsOf(t().database.db, w);
    expect(row).toMatchObject({ status: 'refunded', refunded_cents: 1299 });
    expect(await refunds(payment.id)).toEqual([
      expect.objectContaining({
        target_label: 'Civette',
        details: { route: 'Roma pagata', amount_euro: '12.99' },
      }),
    ]);

    // The game effect: the registration owes the route again, the route choice asks for payment,
    // the open game is not resumed, and the game already played stays as it was.
    expect(await registrationOf(t().database.db, w)).toMatchObject({ payment_status: 'pending' });
    const again = await callPayment(t().app, w, { method: 'POST', path: '/start' });
    expect(again.json()).toMatchObject({ next: 'payment', price_cents: 1299 });
    const resume = await call(t().app, w.cookie, {
      method: 'POST',
      url: `/api/play/${w.tenant.slug}/games/${gameId}/resume`,
    });
    expect(resume.statusCode).toBe(409);
    expect(resume.json<ErrorBody>().error.code).toBe('route_payment_refunded');
    // The route list no longer offers that game: tapping the route leads to its payment.
    expect(await listedRoute(w)).toMatchObject({ in_progress: null });
    const [gameAfter] = await db().select().from(games).where(eq(games.id, gameId));
    expect(gameAfter).toEqual(gameBefore);

    // The organiser then gives the team an access code: the route and its game open again.
    await db()
      .insert(routeAccessCodes)
      .values({ tenant_id: w.tenant.id, route_id: w.routeId, code: 'RIMBORSO1' });
    const redeemed = await callPayment(t().app, w, {
      method: 'POST',
      path: '/redeem',
      payload: { code: 'RIMBORSO1' },
    });
    expect(redeemed.json()).toMatchObject({ next: 'play', game_id: gameId });
    const resumed = await call(t().app, w.cookie, {
      method: 'POST',
      url: `/api/play/${w.tenant.slug}/games/${gameId}/resume`,
    });
    expect(resumed.statusCode, resumed.body).toBe(200);
    expect(await listedRoute(w)).toMatchObject({ in_progress: { game_id: gameId } });
  });

  /** The world's route as the team's route list shows it. */
  const listedRoute = async (w: PaidRouteWorld) => {
    const list = await call(t().app, w.cookie, {
      method: 'GET',
      url: `/api/play/${w.tenant.slug}/routes`,
    });
    return list.json<PlayableRouteList>().routes.find((r) => r.slug === w.routeSlug);
  };

  it('refunds once when two staff members click together', async () => {
    const { w, payment } = await paidWorld();
    const [a, b] = [await staff(w, 'tenant_admin'), await staff(w, 'superadmin')];
    const answers = await Promise.all([refund(a, w, payment.id), refund(b, w, payment.id)]);
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200]);
    expect(stub.refunds.filter((r) => r.paymentIntent === payment.payment_intent_id)).toHaveLength(
      1,
    );
    expect(await refunds(payment.id)).toHaveLength(1);
  });

  it('refuses a game manager, a pending payment, and a payment of another route or tenant, changing nothing', async () => {
    const paid = await paidWorld();
    const pending = await pendingWorld();
    const other = await paidWorld();
    const admin = await staff(paid.w, 'tenant_admin');
    // Signed in first: a sign-in writes a session, which is not what is checked here.
    const manager = await staff(paid.w, 'game_manager');
    const pendingAdmin = await staff(pending.w, 'tenant_admin');
    const cases: [
      string,
      () => Promise<{ statusCode: number; json: <T>() => T }>,
      number,
      string,
    ][] = [
      ['game manager', () => refund(manager, paid.w, paid.payment.id), 403, 'forbidden'],
      [
        'pending payment',
        () => refund(pendingAdmin, pending.w, pending.payment.id),
        409,
        'payment_not_refundable',
      ],
      [
        "another tenant's payment",
        () => refund(admin, paid.w, other.payment.id),
        404,
        'payment_not_found',
      ],
      [
        "another tenant's route",
        () => refund(admin, paid.w, other.payment.id, other.w.routeId),
        404,
        'route_not_found',
      ],
    ];
    for (const [why, send, status, code] of cases) {
      const before = await fingerprint(t().database.db);
      const refundsBefore = stub.refunds.length;
      const res = await send();
      expect(res.statusCode, why).toBe(status);
      expect(res.json<ErrorBody>().error.code, why).toBe(code);
      expect(await fingerprint(t().database.db), `${why} changed the database`).toBe(before);
      expect(stub.refunds.length, `${why} refunded at Stripe`).toBe(refundsBefore);
    }
  });

  it('answers payment_provider_failed when Stripe refuses the refund, changing nothing', async () => {
    const { w, payment } = await paidWorld();
    // A payment intent Stripe does not know: the stub refuses as Stripe would.
    await db()
      .update(payments)
      .set({ payment_intent_id: 'pi_test_unknown' })
      .where(eq(payments.id, payment.id));
    const admin = await staff(w, 'tenant_admin');
    const before = await fingerprint(t().database.db);
    const res = await refund(admin, w, payment.id);
    expect(res.statusCode).toBe(502);
    expect(res.json<ErrorBody>().error.code).toBe('payment_provider_failed');
    expect(await fingerprint(t().database.db)).toBe(before);
  });
});
