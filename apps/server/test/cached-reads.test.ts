import type { PlayableRouteList, PublicTenant, Rankings } from '@tappa/contracts';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHANGE_CHANNEL } from '../src/infra/realtime';
import { importRoute } from '../src/modules/routes/routes.service';
import { createTestApp, type TestApp } from './helpers/app';
import { TEST_DB } from './helpers/database';
import { openEventStream } from './helpers/event-stream';
import { call, makeTenant, makeUser, signIn, sampleRouteText } from './helpers/factories';
import { brandFields } from './helpers/forms';
import { dataWithFiles } from './helpers/multipart';

const ROUTE = 'roma-centro-storico';

/**
 * The public reads are cached (decision 0049): the tenant by slug, its active routes, the
 * scoreboard's route lookup. A change made through the API is seen by the next read.
 */
describe(`cached public reads on ${TEST_DB}`, () => {
  let t: TestApp;
  let superCookie: string;
  beforeAll(async () => {
    t = await createTestApp();
    const superadmin = await makeUser(t.database.db, { role: 'superadmin' });
    superCookie = await signIn(t.app, superadmin.email, superadmin.password);
  });
  afterAll(() => t.close());

  /** A tenant with the fixture route imported, read once through every cached read. */
  async function questTenant(on: TestApp = t) {
    const tenant = await makeTenant(t.database.db);
    const scope = { kind: 'tenant' as const, tenantId: tenant.id, slug: tenant.slug };
    const { route } = await importRoute(
      t.database.db,
      { ...scope, role: 'superadmin' },
      await sampleRouteText(),
    );
    const reads = readsOf(on, tenant.slug);
    // Each read twice: the second one comes from the caches.
    for (let i = 0; i < 2; i += 1) {
      expect((await reads.board(ROUTE)).statusCode).toBe(200);
      expect(await reads.routeSlugs()).toEqual([ROUTE]);
      expect((await reads.tenant()).statusCode).toBe(200);
    }
    return { tenant, routeId: route.id, reads };
  }

  function readsOf(on: TestApp, slug: string) {
    const get = (url: string) => on.app.inject({ method: 'GET', url });
    return {
      board: (route: string) => get(`/api/public/tenants/${slug}/scoreboard?route=${route}`),
      routes: () => get(`/api/play/${slug}/routes`),
      routeSlugs: async () =>
        (await get(`/api/play/${slug}/routes`)).json<PlayableRouteList>().routes.map((r) => r.slug),
      tenant: () => get(`/api/public/tenants/${slug}`),
    };
  }

  const staff = (method: 'PATCH' | 'DELETE' | 'PUT', url: string, payload?: object) =>
    call(t.app, superCookie, { method, url, ...(payload ? { payload } : {}) });

  /** The Brand tab saved by the superadmin with `overrides`. */
  const saveBrand = (slug: string, overrides: Record<string, unknown>) =>
    call(t.app, superCookie, {
      method: 'PUT',
      url: `/api/tenants/${slug}/brand`,
      ...dataWithFiles(brandFields({ slug, ...overrides })),
    });

  const replaceRoute = async (slug: string, routeId: string, doc: Record<string, unknown>) => {
    const json = JSON.stringify({ ...JSON.parse(await sampleRouteText()), ...doc });
    return staff('PUT', `/api/tenants/${slug}/routes/${routeId}/json`, { json });
  };

  it('shows a renamed, moved, switched off or deleted route at once on the scoreboard and in the route list', async () => {
    const { tenant, routeId, reads } = await questTenant();

    const moved = await replaceRoute(tenant.slug, routeId, {
      id: 'roma-nuova',
      title: 'Roma nuova',
    });
    expect(moved.statusCode).toBe(200);
    expect((await reads.board(ROUTE)).statusCode).toBe(404);
    const board = await reads.board('roma-nuova');
    expect(board.json<Rankings>().route).toMatchObject({ slug: 'roma-nuova', title: 'Roma nuova' });
    const list = (await reads.routes()).json<PlayableRouteList>().routes;
    expect(list.map((r) => [r.slug, r.title])).toEqual([['roma-nuova', 'Roma nuova']]);

    const off = await staff('PATCH', `/api/tenants/${tenant.slug}/routes/${routeId}/active`, {
      is_active: false,
    });
    expect(off.statusCode).toBe(200);
    expect(await reads.routeSlugs()).toEqual([]);

    const on = await staff('PATCH', `/api/tenants/${tenant.slug}/routes/${routeId}/active`, {
      is_active: true,
    });
    expect(on.statusCode).toBe(200);
    expect(await reads.routeSlugs()).toEqual(['roma-nuova']);

    const deleted = await staff('DELETE', `/api/tenants/${tenant.slug}/routes/${routeId}`);
    expect(deleted.statusCode).toBe(204);
    expect((await reads.board('roma-nuova')).statusCode).toBe(404);
    expect(await reads.routeSlugs()).toEqual([]);
  });

  it('lists a newly imported route at once', async () => {
    const { tenant, reads } = await questTenant();
    const json = JSON.stringify({
      ...JSON.parse(await sampleRouteText()),
      id: 'seconda',
      title: 'B',
    });
    const res = await call(t.app, superCookie, {
      method: 'POST',
      url: `/api/tenants/${tenant.slug}/routes/import`,
      payload: { json },
    });
    expect(res.statusCode).toBe(200);
    expect((await reads.routeSlugs()).sort()).toEqual([ROUTE, 'seconda']);
    expect((await reads.board('seconda')).statusCode).toBe(200);
  });

  it("shows a tenant's new brand and its switch-off at once in the public reads", async () => {
    const { tenant, reads } = await questTenant();
    const brand = await saveBrand(tenant.slug, { name: 'Nuovo nome', primary_color: '#112233' });
    expect(brand.statusCode).toBe(200);
    expect((await reads.tenant()).json<PublicTenant>()).toMatchObject({
      name: 'Nuovo nome',
      primary_color: '#112233',
      status: 'active',
    });

    const off = await saveBrand(tenant.slug, { name: 'Nuovo nome', is_active: false });
    expect(off.statusCode).toBe(200);
    expect((await reads.tenant()).json<PublicTenant>()).toMatchObject({ status: 'inactive' });
    expect((await reads.routes()).json()).toMatchObject({
      error: { code: 'tenant_unavailable' },
    });
    expect((await reads.board(ROUTE)).json()).toMatchObject({
      error: { code: 'tenant_unavailable' },
    });
  });

  it('forgets a deleted tenant at once', async () => {
    const { tenant, reads } = await questTenant();
    const res = await staff('DELETE', `/api/platform/tenants/${tenant.id}`);
    expect(res.statusCode).toBe(204);
    expect((await reads.tenant()).statusCode).toBe(404);
    expect((await reads.routes()).statusCode).toBe(404);
  });

  it.skipIf(TEST_DB !== 'postgres')(
    "carries a change to another instance's cached reads (PostgreSQL LISTEN/NOTIFY)",
    async () => {
      // Another instance on the same database and the system clock: signals travel for real.
      const other = await createTestApp({ database: t.database });
      try {
        const address = await other.app.listen({ port: 0, host: '127.0.0.1' });
        const { tenant, routeId, reads } = await questTenant(other);
        const viewer = await openEventStream(
          `${address}/api/public/tenants/${tenant.slug}/scoreboard/stream?route=${ROUTE}`,
        );
        await viewer.waitFor(() => true);

        // This instance changes the brand, then the route; the other one hears both, in order.
        const brand = await saveBrand(tenant.slug, { name: 'Altrove' });
        expect(brand.statusCode).toBe(200);
        const renamed = await replaceRoute(tenant.slug, routeId, { title: 'Roma altrove' });
        expect(renamed.statusCode).toBe(200);
        // The route's viewers get its new title: the other instance has had both signals.
        await viewer.waitFor(
          (e) => (JSON.parse(e.data) as Rankings).route?.title === 'Roma altrove',
        );
        viewer.close();

        expect((await reads.tenant()).json<PublicTenant>().name).toBe('Altrove');
        const list = (await reads.routes()).json<PlayableRouteList>().routes;
        expect(list.map((r) => r.title)).toEqual(['Roma altrove']);
        expect((await reads.board(ROUTE)).json<Rankings>().route?.title).toBe('Roma altrove');
      } finally {
        await other.close();
      }
    },
  );

  it.skipIf(TEST_DB !== 'postgres')(
    "reads from the database while other instances' signals cannot arrive, and caches again after",
    async () => {
      const { tenant, reads } = await questTenant();
      const nameOf = async () => (await reads.tenant()).json<PublicTenant>().name;
      const away = t.app.signals.nextChannelState('away');
      const back = t.app.signals.nextChannelState('listening');
      const admin = new pg.Client({ connectionString: t.database.url ?? '' });
      await admin.connect();
      try {
        await admin.query(
          `select pg_terminate_backend(pid) from pg_stat_activity
          where datname = current_database() and query = 'LISTEN ${CHANGE_CHANNEL}'`,
        );
        await away;
        // Another instance renames the tenant: its signal cannot reach this one now.
        await admin.query(`update tenants set name = 'Rinominato' where id = $1`, [tenant.id]);
        expect(await nameOf()).toBe('Rinominato');
        await admin.query(`update tenants set name = 'Ancora' where id = $1`, [tenant.id]);
        expect(await nameOf()).toBe('Ancora');
      } finally {
        await admin.end();
      }
      await back;
      // Listening again: reads are kept, and a change of this instance is forgotten at once.
      expect(await nameOf()).toBe('Ancora');
      const brand = await saveBrand(tenant.slug, { name: 'Di nuovo' });
      expect(brand.statusCode).toBe(200);
      expect(await nameOf()).toBe('Di nuovo');
    },
  );
});
