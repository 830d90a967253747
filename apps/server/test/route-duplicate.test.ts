import type { PricingRow, RouteListResponse, RouteSummary } from '@tappa/contracts';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  games,
  liveHeartbeat,
  messages,
  reviewItems,
  routeAccessCodes,
  routeEventPauses,
  routeLive,
  routePricing,
  routes,
  steps,
  teamRegistrations,
} from '../src/db/schema';
import { createTestApp, type TestApp } from './helpers/app';
import { rawDb, TEST_DB } from './helpers/database';
import { call, makeUser, managedTenant, sampleRouteText, signIn } from './helpers/factories';
import { expectRefusedUnchanged } from './helpers/fingerprint';
import { pricingFields, routeFields } from './helpers/forms';
import { ManualClock } from './helpers/manual-clock';
import { multipart } from './helpers/multipart';
import { startTeam } from './helpers/team';

// 'Duplica' (issue 38 item 4, decision 0087): a route copied as a template, with its steps,
// media, image and prices, not its games, codes or event clock, under a free `-copia` slug.

const T0 = Date.parse('2026-11-20T09:00:00Z');
const iso = (ms: number) => new Date(ms).toISOString();
const DAY = 24 * 3600 * 1000;

/** The sample route with every step field and route field the JSON carries set somewhere. */
async function richSample(): Promise<string> {
  const sample = JSON.parse(await sampleRouteText()) as {
    steps: Record<string, unknown>[];
  } & Record<string, unknown>;
  const [first, second, ...rest] = sample.steps;
  return JSON.stringify({
    ...sample,
    is_flash: true,
    location_sharing: true,
    location_purpose: 'Per ritrovarvi se vi perdete',
    steps: [
      {
        ...first,
        hints: [{ text: 'Guardate in alto', cost: 2, unlock_after_s: 60 }],
        also_accept: ['millesettecentosessantadue'],
        relaxed_match: true,
        scoring: { attempt_award: { first_try: 10, second_try: 5, other_try: 1 } },
      },
      second,
      ...rest,
    ],
  });
}

const png = (background: string) =>
  sharp({ create: { width: 20, height: 10, channels: 3, background } })
    .png()
    .toBuffer();

describe(`'Duplica': a route copied as a template on ${TEST_DB} (decision 0087)`, () => {
  let t: TestApp;
  const clock = new ManualClock(T0);
  let tenant: Awaited<ReturnType<typeof managedTenant>>;
  let other: Awaited<ReturnType<typeof managedTenant>>;
  let source: RouteSummary;
  let team: Awaited<ReturnType<typeof startTeam>>;

  const db = () => rawDb(t.database.db);
  const duplicate = (id: string, by = tenant) => by.api('POST', `/routes/${id}/duplicate`);
  const exported = async (id: string) => {
    const res = await tenant.api('GET', `/routes/${id}/export`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<Record<string, unknown>>();
  };
  const pricesOf = async (id: string) =>
    (await tenant.api('GET', `/routes/${id}/pricing`))
      .json<{ pricing: PricingRow[] }>()
      .pricing.map(({ id: _id, ...row }) => row);
  const routeRow = async (id: string) =>
    (await db().select().from(routes).where(eq(routes.id, id)))[0]!;
  const stepRows = async (id: string) =>
    (await db().select().from(steps).where(eq(steps.route_id, id))).sort((a, b) => a.ord - b.ord);
  const uploadImage = (id: string, body: Buffer) =>
    call(t.app, tenant.cookie, {
      method: 'POST',
      url: `/api/tenants/${tenant.slug}/routes/${id}/image`,
      ...multipart([{ name: 'image', file: body, filename: 'x.png', contentType: 'image/png' }]),
    });
  const fileAt = (url: string) => t.app.inject({ method: 'GET', url: url.split('?')[0]! });

  /** What the source is made of, to show that copying it changed nothing of it. */
  const sourceState = async () => ({
    row: await routeRow(source.id),
    steps: await stepRows(source.id),
    prices: await pricesOf(source.id),
  });

  beforeAll(async () => {
    t = await createTestApp({ clock });
    tenant = await managedTenant(t.app, t.database.db);
    other = await managedTenant(t.app, t.database.db);
    const imported = await tenant.api('POST', '/routes/import', { json: await richSample() });
    expect(imported.statusCode, imported.body).toBe(200);
    const { id } = imported.json<{ route: RouteSummary }>().route;

    // A game (with its registration), then the settings a form sets, codes, prices, an image
    // and 'Pausa per tutti': everything a copy takes and everything it leaves behind.
    team = await startTeam(t.app, { slug: tenant.slug, email: 'squadra@example.org' });
    const edited = await tenant.api(
      'PUT',
      `/routes/${id}`,
      routeFields({
        title: 'Roma: il cuore del centro storico',
        slug: 'roma-centro-storico',
        description: 'Sei tappe nel centro',
        access_type: 'code',
        route_type: 'exploration',
        geolocation_enabled: true,
        time_limit_enabled: true,
        time_limit_hours: 1,
        time_limit_minutes: 30,
        date_start: iso(T0 - DAY),
        date_end: iso(T0 + 30 * DAY),
        hint_budget: 12,
        event_start: iso(T0 + DAY),
        event_end: iso(T0 + DAY + 3 * 3600 * 1000),
        location_sharing: true,
        location_purpose: 'Per ritrovarvi se vi perdete',
      }),
    );
    expect(edited.statusCode, edited.body).toBe(200);
    expect((await tenant.api('POST', `/routes/${id}/access-codes`, { count: 3 })).statusCode).toBe(
      201,
    );
    for (const row of [
      pricingFields({
        cost_euro: 9.5,
        is_priority: 1,
        discount_code: 'AMICI',
        discount_percentage: 10,
      }),
      pricingFields({ date_from: '2026-07-01', date_to: '2026-07-31', cost_euro: 12 }),
    ]) {
      const added = await tenant.api('POST', `/routes/${id}/pricing`, row);
      expect(added.statusCode, added.body).toBe(201);
    }
    expect((await uploadImage(id, await png('#f00'))).statusCode).toBe(200);
    const paused = await tenant.api('PUT', `/live/routes/${id}/pause`);
    expect(paused.statusCode, paused.body).toBe(200);
    const list = (await tenant.api('GET', '/routes')).json<RouteListResponse>().routes;
    source = list.find((route) => route.id === id)!;
  });
  afterAll(async () => {
    await t.close();
  });

  let copy: RouteSummary;

  it('copies the route with its steps and prices, disabled, under `{slug}-copia`', async () => {
    const before = await sourceState();
    expect(before.row.event_paused_at).not.toBeNull();
    const res = await duplicate(source.id);
    expect(res.statusCode, res.body).toBe(201);
    copy = res.json<RouteSummary>();

    expect(copy).toEqual({
      ...source,
      id: copy.id,
      slug: 'roma-centro-storico-copia',
      title: 'Roma: il cuore del centro storico (copia)',
      image_url: copy.image_url,
      is_active: false,
      event_start: null,
      event_end: null,
      created_at: copy.created_at,
    });
    expect(copy.id).not.toBe(source.id);
    expect(copy.step_count).toBe(6);

    // The same document, but for the slug and the title.
    const { id: _sourceSlug, title: _sourceTitle, ...sourceJson } = await exported(source.id);
    const copyJson = await exported(copy.id);
    expect(copyJson).toMatchObject({ id: copy.slug, title: copy.title });
    const { id: _copySlug, title: _copyTitle, ...rest } = copyJson;
    expect(rest).toEqual(sourceJson);

    // Every column of every step, in the same order, under new ids.
    const strip = ({
      id: _id,
      route_id: _route,
      created_at: _created,
      ...row
    }: typeof steps.$inferSelect) => row;
    const copiedSteps = await stepRows(copy.id);
    expect(copiedSteps.map(strip)).toEqual(before.steps.map(strip));
    expect(copiedSteps.some((step) => before.steps.some((s) => s.id === step.id))).toBe(false);

    // The same price lists, each keeping its creation time (equal priorities rank alike).
    expect(await pricesOf(copy.id)).toEqual(before.prices);
    const createdOf = async (id: string) =>
      (await db().select().from(routePricing).where(eq(routePricing.route_id, id)))
        .map((row) => row.created_at.getTime())
        .sort();
    expect(await createdOf(copy.id)).toEqual(await createdOf(source.id));

    expect(await sourceState()).toEqual(before);
  });

  it('gives the copy no event clock, no pause, and none of the source’s games or codes', async () => {
    const row = await routeRow(copy.id);
    expect(row).toMatchObject({
      is_active: false,
      event_start_at: null,
      event_end_at: null,
      event_paused_at: null,
      event_closed_at: null,
      hint_budget: 12,
      location_sharing: true,
    });
    for (const table of [
      games,
      routeAccessCodes,
      teamRegistrations,
      reviewItems,
      messages,
      routeLive,
      routeEventPauses,
      liveHeartbeat,
    ]) {
      const rows = await db().select().from(table).where(eq(table.route_id, copy.id));
      expect(rows).toEqual([]);
    }
    // The source's are still there.
    expect(await db().select().from(games).where(eq(games.route_id, source.id))).toHaveLength(1);
    expect(
      await db().select().from(routeAccessCodes).where(eq(routeAccessCodes.route_id, source.id)),
    ).toHaveLength(3);
  });

  it('gives the copy its own image file: a new image of one leaves the other’s', async () => {
    expect(copy.image_url).toMatch(
      new RegExp(`^/files/route-images/${tenant.tenant.id}/${copy.id}\\.png\\?v=\\d+$`),
    );
    const [sourceFile, copyFile] = [await fileAt(source.image_url!), await fileAt(copy.image_url!)];
    expect(copyFile.statusCode).toBe(200);
    expect(copyFile.rawPayload.equals(sourceFile.rawPayload)).toBe(true);

    const replaced = await uploadImage(
      copy.id,
      await sharp(await png('#00f'))
        .webp()
        .toBuffer(),
    );
    expect(replaced.statusCode, replaced.body).toBe(200);
    const after = await fileAt(source.image_url!);
    expect(after.statusCode).toBe(200);
    expect(after.rawPayload.equals(sourceFile.rawPayload)).toBe(true);
  });

  it('takes the next free slug for each further copy, also for two at once', async () => {
    const second = await duplicate(source.id);
    expect(second.statusCode, second.body).toBe(201);
    expect(second.json<RouteSummary>().slug).toBe('roma-centro-storico-copia-2');

    const both = await Promise.all([duplicate(source.id), duplicate(source.id)]);
    expect(both.map((res) => res.statusCode)).toEqual([201, 201]);
    expect(both.map((res) => res.json<RouteSummary>().slug).sort()).toEqual([
      'roma-centro-storico-copia-3',
      'roma-centro-storico-copia-4',
    ]);

    // A copy of a copy is a copy of that one.
    const ofCopy = await duplicate(copy.id);
    expect(ofCopy.json<RouteSummary>()).toMatchObject({
      slug: 'roma-centro-storico-copia-copia',
      title: 'Roma: il cuore del centro storico (copia) (copia)',
    });
  });

  it('deleting a copy leaves the source whole', async () => {
    const before = await sourceState();
    const res = await duplicate(source.id);
    const removed = await tenant.api('DELETE', `/routes/${res.json<RouteSummary>().id}`);
    expect(removed.statusCode).toBe(204);
    expect(await sourceState()).toEqual(before);
    expect((await fileAt(source.image_url!)).statusCode).toBe(200);
  });

  it('answers another tenant’s staff 404, creating nothing', async () => {
    await expectRefusedUnchanged(t.database.db, () => duplicate(source.id, other), 404, {
      code: 'route_not_found',
    });
    // The other tenant's own route id under this tenant's slug is not found either.
    const foreign = await other.api('POST', '/routes', routeFields({ title: 'Altrove' }));
    const foreignId = foreign.json<RouteSummary>().id;
    await expectRefusedUnchanged(t.database.db, () => duplicate(foreignId), 404, {
      code: 'route_not_found',
    });
  });

  it('refuses a signed-out caller, a team and a judge, creating nothing', async () => {
    const url = `/api/tenants/${tenant.slug}/routes/${source.id}/duplicate`;
    const judge = await makeUser(t.database.db, { role: 'judge', tenantId: tenant.tenant.id });
    const judgeCookie = await signIn(t.app, judge.email, judge.password);
    for (const [cookie, status, code] of [
      [null, 401, 'unauthenticated'],
      [team.cookie(), 401, 'unauthenticated'],
      [judgeCookie, 403, 'forbidden'],
    ] as const) {
      await expectRefusedUnchanged(
        t.database.db,
        () => call(t.app, cookie, { method: 'POST', url }),
        status,
        { code },
      );
    }
  });
});
