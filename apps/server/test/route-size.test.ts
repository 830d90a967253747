import { ROUTE_STEPS_MAX } from '@tappa/domain';
import { largeRouteJson } from '@tappa/domain/fixtures/large-route';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routes, steps } from '../src/db/schema';
import { ROUTE_BODY_MAX_BYTES } from '../src/modules/routes/routes.endpoints';
import { MAX_UPLOAD_BYTES } from '../src/plugins/multipart';
import { createTestApp, type TestApp } from './helpers/app';
import { rawDb, TEST_DB } from './helpers/database';
import { call, makeTenant, makeUser, signIn } from './helpers/factories';
import { multipart } from './helpers/multipart';

/** A small valid step. */
const step = (n: number) => ({
  place: `Tappa ${n}`,
  lat: 41.9,
  lng: 12.48,
  radius_m: 30,
  task: 'Foto',
  check_type: 'photo',
});

const routeJson = (slug: string, stepCount: number, extra: object = {}) =>
  JSON.stringify({
    id: slug,
    title: 'Giro',
    steps: Array.from({ length: stepCount }, (_, i) => step(i + 1)),
    ...extra,
  });

describe(`route size limits on ${TEST_DB}`, () => {
  let t: TestApp;
  let cookie: string;
  let slug: string;
  let tenantId: string;
  const api = (method: 'GET' | 'POST' | 'PUT', path: string, payload?: object) =>
    call(t.app, cookie, {
      method,
      url: `/api/tenants/${slug}${path}`,
      ...(payload === undefined ? {} : { payload }),
    });
  const stored = async () => ({
    routes: await rawDb(t.database.db).select().from(routes).where(eq(routes.tenant_id, tenantId)),
    steps: await rawDb(t.database.db)
      .select({ id: steps.id, route_id: steps.route_id, place: steps.place })
      .from(steps)
      .innerJoin(routes, eq(routes.id, steps.route_id))
      .where(eq(routes.tenant_id, tenantId)),
  });
  const tooMany = {
    error: {
      code: 'route_json_invalid',
      params: { issue: 'too_many_steps', max: ROUTE_STEPS_MAX },
    },
  };

  beforeAll(async () => {
    t = await createTestApp();
    const tenant = await makeTenant(t.database.db);
    slug = tenant.slug;
    tenantId = tenant.id;
    const manager = await makeUser(t.database.db, { role: 'game_manager', tenantId });
    cookie = await signIn(t.app, manager.email, manager.password);
  });
  afterAll(() => t.close());

  it('refuses a route with one step too many, by import, JSON replace and step editor', async () => {
    const { route } = (
      await api('POST', '/routes/import', { json: routeJson('piccola', 2) })
    ).json<{ route: { id: string } }>();
    const before = await stored();

    const imported = await api('POST', '/routes/import', {
      json: routeJson('troppo-lunga', ROUTE_STEPS_MAX + 1),
    });
    expect(imported.statusCode).toBe(400);
    expect(imported.json()).toMatchObject(tooMany);

    const replaced = await api('PUT', `/routes/${route.id}/json`, {
      json: routeJson('piccola', ROUTE_STEPS_MAX + 1),
    });
    expect(replaced.statusCode).toBe(400);
    expect(replaced.json()).toMatchObject(tooMany);

    const edited = await api('PUT', `/routes/${route.id}/steps`, {
      steps: Array.from({ length: ROUTE_STEPS_MAX + 1 }, (_, i) => step(i + 1)),
    });
    expect(edited.statusCode).toBe(400);
    expect(edited.json()).toMatchObject(tooMany);

    expect(await stored()).toEqual(before);
  });

  it('refuses a body over the limit with 413 before reading it, and stores nothing', async () => {
    const before = await stored();
    const json = routeJson('enorme', 1, { description: 'x'.repeat(ROUTE_BODY_MAX_BYTES) });
    const res = await api('POST', '/routes/import', { json });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({
      error: { code: 'body_too_large', params: { max_kb: ROUTE_BODY_MAX_BYTES / 1024 } },
    });
    expect(await stored()).toEqual(before);
  });

  it('keeps the other bodies to their limits: 1 MiB of JSON, 5 MiB a file', async () => {
    const { route } = (
      await api('POST', '/routes/import', { json: routeJson('con-immagine', 1) })
    ).json<{ route: { id: string } }>();
    const before = await stored();
    const form = await api('PUT', `/routes/${route.id}`, {
      title: 'x'.repeat(1024 * 1024),
    });
    expect(form.statusCode).toBe(413);
    expect(form.json()).toMatchObject({
      error: { code: 'body_too_large', params: { max_kb: 1024 } },
    });
    const upload = multipart([
      {
        name: 'image',
        file: Buffer.alloc(MAX_UPLOAD_BYTES + 1),
        filename: 'x.png',
        contentType: 'image/png',
      },
    ]);
    const image = await call(t.app, cookie, {
      method: 'POST',
      url: `/api/tenants/${slug}/routes/${route.id}/image`,
      ...upload,
    });
    expect(image.statusCode).toBe(413);
    expect(image.json()).toMatchObject({ error: { code: 'payload_too_large' } });
    expect(await stored()).toEqual(before);
  });

  it('takes a route of the most steps with generous texts: import, replace, step editor', async () => {
    const json = largeRouteJson({ slug: 'grande', steps: ROUTE_STEPS_MAX });
    const imported = await api('POST', '/routes/import', { json });
    expect(imported.statusCode).toBe(200);
    const { route } = imported.json<{ route: { id: string; step_count: number } }>();
    expect(route.step_count).toBe(ROUTE_STEPS_MAX);

    const replaced = await api('PUT', `/routes/${route.id}/json`, { json });
    expect(replaced.json()).toMatchObject({ route: { id: route.id, step_count: ROUTE_STEPS_MAX } });

    const list = (await api('GET', `/routes/${route.id}/steps`)).json<{
      steps: { id: string; place: string }[];
    }>().steps;
    const saved = await api('PUT', `/routes/${route.id}/steps`, { steps: list.reverse() });
    expect(saved.statusCode).toBe(200);
    const savedSteps = saved.json<{ steps: { id: string; place: string }[] }>().steps;
    // Steps saved in reverse keep their rows (and any game's progress on them).
    expect(savedSteps.map((s) => s.id)).toEqual(list.map((s) => s.id));
    expect(savedSteps[0]!.place).toBe(list[0]!.place);
  });
});
