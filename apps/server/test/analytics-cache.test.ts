import type { RouteAnalytics, RouteImportResponse } from '@tappa/contracts';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from './helpers/app';
import { TEST_DB } from './helpers/database';
import { managedTenant } from './helpers/factories';
import { ManualClock } from './helpers/manual-clock';
import { startTeam, treviStep } from './helpers/team';

// The analytics read is cached per tenant, route and range within a 5 s bucket of the app's
// clock (decision 0088): the page polls it during the event at one computation per bucket.

/** A bucket's start: a multiple of 5 s. */
const T0 = Date.parse('2026-12-05T09:00:00Z');
const ROUTE = {
  id: 'analisi-cache',
  title: 'Analisi in cache',
  steps: [treviStep(1, { check_answer: 'uno' }), treviStep(2, { check_answer: 'due' })],
};

describe(`the analytics read's 5 s cache on ${TEST_DB} (decision 0088)`, () => {
  let t: TestApp;
  const clock = new ManualClock(T0);
  let tenant: Awaited<ReturnType<typeof managedTenant>>;
  let routeId: string;

  beforeAll(async () => {
    t = await createTestApp({ clock });
    tenant = await managedTenant(t.app, t.database.db);
    const imported = await tenant.api('POST', '/routes/import', { json: JSON.stringify(ROUTE) });
    expect(imported.statusCode, imported.body).toBe(200);
    routeId = imported.json<RouteImportResponse>().route.id;
  });
  afterAll(() => t.close());

  const read = async (query = '') => {
    const res = await tenant.api('GET', `/analytics?route=${routeId}${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<RouteAnalytics>();
  };

  it('answers the same bucket from the cache and recomputes in the next one', async () => {
    const team = await startTeam(t.app, {
      slug: tenant.slug,
      email: 'cache@example.org',
      routeSlug: ROUTE.id,
    });
    const { steps } = await team.state();
    const first = await read();
    expect(first.started).toBe(1);
    expect(first.steps[0]).toMatchObject({ reached: 1, solved: 0 });
    expect(first.computed_at).toBe(new Date(T0).toISOString());

    // A try within the same bucket is not seen: the cached answer, computed at its start.
    clock.set(T0 + 2_000);
    const right = await team.submit(steps[0]!.id, { answer: 'uno' });
    expect(right.statusCode, right.body).toBe(200);
    clock.set(T0 + 4_999);
    expect(await read()).toEqual(first);

    // Another range is its own entry, computed now.
    const ranged = await read(`&from=${new Date(T0 - 60_000).toISOString()}`);
    expect(ranged.steps[0]).toMatchObject({ reached: 1, solved: 1 });
    expect(ranged.computed_at).toBe(new Date(T0 + 4_999).toISOString());

    // The next bucket recomputes.
    clock.set(T0 + 5_000);
    const next = await read();
    expect(next.steps[0]).toMatchObject({ reached: 1, solved: 1, median_solve_ms: 2_000 });
    expect(next.steps[1]).toMatchObject({ reached: 1, on_it: 1 });
    expect(next.computed_at).toBe(new Date(T0 + 5_000).toISOString());
  });

  it("forgets the cached answer when the route's content changes", async () => {
    clock.set(T0 + 60_000);
    const before = await read();
    expect(before.route.title).toBe(ROUTE.title);
    const renamed = await tenant.api('PUT', `/routes/${routeId}/json`, {
      json: JSON.stringify({ ...ROUTE, title: 'Analisi rinominata' }),
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    // Same bucket, yet the new title: the route's edit forgot the tenant's cached reads.
    const after = await read();
    expect(after.route.title).toBe('Analisi rinominata');
    expect(after.steps.map((s) => s.reached)).toEqual(before.steps.map((s) => s.reached));
  });

  it('shares one computation between identical reads at once', async () => {
    // The tenant's statements one uncached read makes, then two identical reads at once.
    const statements = vi.spyOn(t.database.db, 'scoped');
    clock.set(T0 + 120_000);
    await read();
    const one = statements.mock.calls.length;
    statements.mockClear();
    clock.set(T0 + 125_000);
    const [a, b] = await Promise.all([read(), read()]);
    const two = statements.mock.calls.length;
    statements.mockRestore();
    expect(a).toEqual(b);
    expect(a.computed_at).toBe(new Date(T0 + 125_000).toISOString());
    // Each read signs its staff member in; the analytics' statements run once for both.
    expect(one).toBeGreaterThan(0);
    expect(two).toBeLessThan(2 * one);
  });
});
