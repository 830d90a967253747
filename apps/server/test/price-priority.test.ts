import type { PaymentQuote, PlayableRouteList, PricingListResponse } from '@tappa/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/app';
import { TEST_DB } from './helpers/database';
import { call } from './helpers/factories';
import { callPayment, makePaidRoute, type PaidRouteWorld, staffOf } from './helpers/paid-route';
import { StripeStub } from './helpers/stripe-stub';

/** A row of 'Gestione Listini' as the form sends it: all day, every day of its dates. */
const row = (opts: { from: string; cost: number; priority: number }) => ({
  date_from: opts.from,
  time_from: '00:00',
  date_to: '2099-12-31',
  time_to: '23:59',
  cost_euro: opts.cost,
  is_priority: opts.priority,
  discount_code: null,
  discount_type: 'percentage',
  discount_percentage: null,
  discount_price: null,
});

describe(`the price row the organiser gives priority (decision 0058) on ${TEST_DB}`, () => {
  const stub = new StripeStub();
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  /** A paid route with no price yet, whose admin adds `rows` in order through the API. */
  async function pricedRoute(rows: ReturnType<typeof row>[]): Promise<PaidRouteWorld> {
    const w = await makePaidRoute(
      { app: t.app, db: t.database.db, stub },
      {
        connected: false,
        prices: [],
      },
    );
    const admin = await staffOf({ app: t.app, db: t.database.db }, w, 'tenant_admin');
    for (const payload of rows) {
      const res = await call(t.app, admin, {
        method: 'POST',
        url: `/api/tenants/${w.tenant.slug}/routes/${w.routeId}/pricing`,
        payload,
      });
      expect(res.statusCode, res.body).toBe(201);
    }
    return w;
  }
  /** The price the team sees now: its quote, and the route list's badge. */
  async function seenPrice(w: PaidRouteWorld) {
    const quote = await callPayment(t.app, w, {
      method: 'POST',
      path: '/payment/quote',
      payload: {},
    });
    expect(quote.statusCode, quote.body).toBe(200);
    const list = await call(t.app, w.cookie, {
      method: 'GET',
      url: `/api/play/${w.tenant.slug}/routes`,
    });
    const listed = list.json<PlayableRouteList>().routes.find((r) => r.id === w.routeId);
    return { quote: quote.json<PaymentQuote>().list_price_cents, list: listed?.price_cents };
  }

  it('charges the priority row where two rows overlap, even one that starts earlier', async () => {
    // Without priorities the row that starts later wins: € 15,00.
    const plain = await pricedRoute([
      row({ from: '2000-01-01', cost: 20, priority: 0 }),
      row({ from: '2020-01-01', cost: 15, priority: 0 }),
    ]);
    expect(await seenPrice(plain)).toEqual({ quote: 1500, list: 1500 });

    // The organiser marks the all-season row as the priority: its € 20,00 applies.
    const marked = await pricedRoute([
      row({ from: '2000-01-01', cost: 20, priority: 1 }),
      row({ from: '2020-01-01', cost: 15, priority: 0 }),
    ]);
    expect(await seenPrice(marked)).toEqual({ quote: 2000, list: 2000 });
    const admin = await staffOf({ app: t.app, db: t.database.db }, marked, 'game_manager');
    const listed = await call(t.app, admin, {
      method: 'GET',
      url: `/api/tenants/${marked.tenant.slug}/routes/${marked.routeId}/pricing`,
    });
    expect(
      listed.json<PricingListResponse>().pricing.map((p) => [p.cost_euro, p.is_priority]),
    ).toEqual([
      ['15.00', 0],
      ['20.00', 1],
    ]);
  });

  it('on a tie of priority and start, charges the row added last', async () => {
    const w = await pricedRoute([
      row({ from: '2000-01-01', cost: 30, priority: 2 }),
      row({ from: '2000-01-01', cost: 25, priority: 2 }),
    ]);
    expect(await seenPrice(w)).toEqual({ quote: 2500, list: 2500 });
  });
});
