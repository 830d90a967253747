import type { ErrorBody, PaymentQuote, PlayableRouteList } from '@tappa/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payments } from '../src/db/schema';
import { createTestApp, type TestApp } from './helpers/app';
import { rawDb, TEST_DB } from './helpers/database';
import { call, makeUser, signIn } from './helpers/factories';
import { fingerprint } from './helpers/fingerprint';
import { callPayment, makePaidRoute, paymentsOf, registrationOf } from './helpers/paid-route';
import { StripeStub } from './helpers/stripe-stub';

const PUBLIC_URL = 'https://giochi.example.org';
const SECRET = 'a-settings-secret-of-at-least-32-characters';

/** A coded row: 15 % off €12.99 with ESTATE, and the same row's fixed variant. */
const PERCENTAGE = {
  discount_code: 'Estate',
  discount_type: 'percentage',
  discount_percentage: '15',
} as const;
const FIXED = { discount_code: 'FISSO', discount_type: 'fixed', discount_price: '9.50' } as const;

describe(`a team's checkout of a paid route on ${TEST_DB}`, () => {
  const stub = new StripeStub();
  let t: TestApp;
  beforeAll(async () => {
    await stub.start();
    t = await createTestApp({
      env: { PUBLIC_URL, SETTINGS_ENCRYPTION_KEY: SECRET, STRIPE_API_URL: stub.baseUrl },
    });
  });
  afterAll(async () => {
    await t.close();
    await stub.stop();
  });

  const world = (opts: Parameters<typeof makePaidRoute>[1]) =>
    makePaidRoute({ app: t.app, db: t.database.db, stub }, opts);
  const quote = (w: Awaited<ReturnType<typeof world>>, discount_code?: string | null) =>
    callPayment(t.app, w, { method: 'POST', path: '/payment/quote', payload: { discount_code } });
  const checkout = (w: Awaited<ReturnType<typeof world>>, payload: object = {}) =>
    callPayment(t.app, w, { method: 'POST', path: '/checkout', payload });

  it('quotes the list price without a code (a coded row lists cost_euro, not its discount)', async () => {
    const w = await world({ connected: false, prices: [PERCENTAGE] });
    const res = await quote(w);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      route_id: w.routeId,
      route_title: 'Roma pagata',
      list_price_cents: 1299,
      total_cents: 1299,
      // What the code would make it (decision 0058), never the code itself.
      code_price_cents: 1104,
      discount: null,
      payments_connected: false,
    } satisfies PaymentQuote);
    expect(res.body).not.toMatch(/estate/i);
  });

  it('tells the route list and details what a code would charge, and never the code', async () => {
    const coded = await world({ connected: false, prices: [FIXED] });
    const plain = await world({ connected: false });
    const read = (w: typeof coded, path: string) =>
      call(t.app, w.cookie, { method: 'GET', url: `/api/play/${w.tenant.slug}${path}` });
    for (const [w, code_price_cents] of [
      [coded, 950],
      [plain, null],
    ] as const) {
      const list = await read(w, '/routes');
      expect(list.json<PlayableRouteList>().routes).toEqual([
        expect.objectContaining({ price_cents: 1299, code_price_cents }),
      ]);
      const details = await read(w, `/routes/${w.routeSlug}`);
      expect(details.json()).toMatchObject({ price_cents: 1299, code_price_cents });
      expect((await quote(w)).json()).toMatchObject({ list_price_cents: 1299, code_price_cents });
      expect(list.body + details.body).not.toMatch(/fisso/i);
    }
    // A code that takes nothing off is not worth a line: no code price.
    const none = await world({
      connected: false,
      prices: [{ discount_code: 'NULLA', discount_type: 'percentage', discount_percentage: '0' }],
    });
    expect((await quote(none)).json()).toMatchObject({ code_price_cents: null });
  });

  it('applies a right percentage code, trimmed and in any case: 12.99 × 0.85 = 11.04', async () => {
    const w = await world({ connected: true, prices: [PERCENTAGE] });
    const res = await quote(w, '  eStAtE ');
    expect(res.json()).toMatchObject({
      list_price_cents: 1299,
      total_cents: 1104,
      discount: { code: 'Estate', type: 'percentage', percentage: 15, amount_off_cents: 195 },
      payments_connected: true,
    });
  });

  it('applies a right fixed code: the discount price', async () => {
    const w = await world({ connected: false, prices: [FIXED] });
    const res = await quote(w, 'fisso');
    expect(res.json()).toMatchObject({
      total_cents: 950,
      discount: { code: 'FISSO', type: 'fixed', percentage: null, amount_off_cents: 349 },
    });
  });

  it('refuses a wrong code with discount_code_invalid and creates nothing', async () => {
    const w = await world({ connected: true, prices: [PERCENTAGE] });
    for (const request of [() => quote(w, 'INVERNO'), () => checkout(w, { discount_code: 'X' })]) {
      const before = await fingerprint(t.database.db);
      const sessions = stub.sessions.size;
      const res = await request();
      expect(res.statusCode).toBe(400);
      expect(res.json<ErrorBody>().error.code).toBe('discount_code_invalid');
      expect(await fingerprint(t.database.db)).toBe(before);
      expect(stub.sessions.size).toBe(sessions);
    }
  });

  it('refuses a checkout without Stripe connected with payments_not_connected', async () => {
    const w = await world({ connected: false });
    const before = await fingerprint(t.database.db);
    const res = await checkout(w);
    expect(res.statusCode).toBe(409);
    expect(res.json<ErrorBody>().error.code).toBe('payments_not_connected');
    expect(await fingerprint(t.database.db)).toBe(before);
  });

  it('refuses a price from the browser: the schema takes only the code', async () => {
    const w = await world({ connected: true });
    const before = await fingerprint(t.database.db);
    const res = await checkout(w, { amount_cents: 50 });
    expect(res.statusCode).toBe(400);
    expect(res.json<ErrorBody>().error.code).toBe('validation_failed');
    expect(await fingerprint(t.database.db)).toBe(before);
  });

  it('opens a session on the tenant account at the server-computed price; a retry gets the same one', async () => {
    const w = await world({ connected: true, prices: [PERCENTAGE] });
    const first = await checkout(w, { discount_code: 'estate' });
    expect(first.statusCode, first.body).toBe(200);
    const { checkout_url } = first.json<{ checkout_url: string }>();
    const [row, ...others] = await paymentsOf(t.database.db, w);
    expect(others).toEqual([]);
    expect(row).toMatchObject({
      route_id: w.routeId,
      email: w.email,
      team_name: 'Civette',
      list_price_cents: 1299,
      amount_cents: 1104,
      discount_code: 'Estate',
      status: 'pending',
      payment_intent_id: null,
      refunded_cents: 0,
    });
    const session = stub.sessions.get(row!.checkout_session_id)!;
    expect(checkout_url).toBe(session.url);
    const back = `${PUBLIC_URL}/${w.tenant.slug}/${w.routeSlug}/payment`;
    expect(session).toMatchObject({
      amount_total: 1104,
      currency: 'eur',
      customer_email: w.email,
      client_reference_id: row!.id,
      metadata: {
        tenant_id: w.tenant.id,
        registration_id: w.registrationId,
        route_id: w.routeId,
        payment_id: row!.id,
      },
      success_url: `${back}?session_id={CHECKOUT_SESSION_ID}`,
      cancel_url: `${back}?cancelled=1`,
    });

    const retry = await checkout(w, { discount_code: ' ESTATE' });
    expect(retry.json()).toEqual({ checkout_url });
    expect(await paymentsOf(t.database.db, w)).toHaveLength(1);

    const status = await callPayment(t.app, w, { method: 'GET', path: '/payment' });
    expect(status.json()).toEqual({ status: 'pending', amount_cents: 1104 });
    // Not paid yet: the route choice still asks for the payment.
    const start = await callPayment(t.app, w, { method: 'POST', path: '/start' });
    expect(start.json()).toMatchObject({ next: 'payment', price_cents: 1299 });
    expect(await registrationOf(t.database.db, w)).toMatchObject({ payment_status: 'pending' });
  });

  it('opens a new session after a failed, refunded or expired checkout; its retry gets that one', async () => {
    const w = await world({ connected: true });
    const urlOf = async () => {
      const res = await checkout(w);
      expect(res.statusCode, res.body).toBe(200);
      return res.json<{ checkout_url: string }>().checkout_url;
    };
    const spend = (id: string, values: Partial<typeof payments.$inferInsert>) =>
      rawDb(t.database.db).update(payments).set(values).where(eq(payments.id, id));
    const first = await urlOf();
    const hourAgo = Date.now() - 60 * 60 * 1000;
    /** The one live checkout: pending and recent. */
    const latest = async () => {
      const live = (await paymentsOf(t.database.db, w)).filter(
        (row) => row.status === 'pending' && row.created_at.getTime() > hourAgo,
      );
      expect(live).toHaveLength(1);
      return live[0]!;
    };
    const spent = [
      { status: 'failed' },
      { status: 'refunded' },
      // Pending from more than 24 hours ago: its session and Stripe's key have expired.
      { created_at: new Date(Date.now() - 25 * 60 * 60 * 1000) },
    ] as const;
    const urls = [first];
    for (const values of spent) {
      await spend((await latest()).id, values);
      const next = await urlOf();
      expect(urls).not.toContain(next);
      expect(await urlOf()).toBe(next);
      urls.push(next);
    }
    const rows = await paymentsOf(t.database.db, w);
    expect(rows).toHaveLength(4);
    expect(new Set(rows.map((row) => row.id)).size).toBe(4);
  });

  it("unlocks a paid route with the organiser's access code, Stripe connected or not", async () => {
    for (const connected of [false, true]) {
      const w = await world({ connected });
      const admin = await makeUser(t.database.db, { role: 'tenant_admin', tenantId: w.tenant.id });
      const staff = await signIn(t.app, admin.email, admin.password);
      const generated = await call(t.app, staff, {
        method: 'POST',
        url: `/api/tenants/${w.tenant.slug}/routes/${w.routeId}/access-codes`,
        payload: { count: 1 },
      });
      expect(generated.statusCode, generated.body).toBe(201);
      const [{ code }] = generated.json<{ codes: [{ code: string }] }>().codes;
      const start = () => callPayment(t.app, w, { method: 'POST', path: '/start' });
      expect((await start()).json()).toMatchObject({ next: 'payment' });

      const redeemed = await callPayment(t.app, w, {
        method: 'POST',
        path: '/redeem',
        payload: { code },
      });
      expect(redeemed.statusCode, redeemed.body).toBe(200);
      const { game_id } = redeemed.json<{ next: string; game_id: string }>();
      expect(redeemed.json()).toMatchObject({ next: 'play', route_slug: w.routeSlug });
      // Unlocked for good: the route choice now resumes that game, and nothing was paid.
      expect((await start()).json()).toMatchObject({ next: 'play', game_id });
      expect(await paymentsOf(t.database.db, w)).toEqual([]);
      expect(await registrationOf(t.database.db, w)).toMatchObject({
        route_id: w.routeId,
        payment_status: 'completed',
      });
    }
  });

  it('answers none before any checkout', async () => {
    const w = await world({ connected: false });
    const res = await callPayment(t.app, w, { method: 'GET', path: '/payment' });
    expect(res.json()).toEqual({ status: 'none', amount_cents: null });
  });

  it("keeps tenants apart: another tenant's route under the team's slug is not found", async () => {
    const a = await world({ connected: true });
    const b = await world({ connected: true });
    const before = await fingerprint(t.database.db);
    const res = await callPayment(
      t.app,
      { ...a, routeSlug: b.routeSlug },
      {
        method: 'POST',
        path: '/checkout',
        payload: {},
      },
    );
    expect(res.statusCode).toBe(404);
    expect(await fingerprint(t.database.db)).toBe(before);
  });
});
