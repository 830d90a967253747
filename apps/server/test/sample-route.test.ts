import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/app';
import { TEST_DB } from './helpers/database';
import { call, makeTenant, makeUser, signIn } from './helpers/factories';

interface Imported {
  created: boolean;
  route: { id: string; slug: string; title: string; step_count: number };
}

interface Step {
  place: string;
  check_type: string;
  media: { type: string; code?: string; url: string }[];
}

const sample = async () =>
  JSON.parse(
    await readFile(
      new URL('../../../packages/domain/src/fixtures/route-roma-centro.json', import.meta.url),
      'utf8',
    ),
  ) as { id: string; title: string; steps: Step[] };

describe(`the sample route on ${TEST_DB}`, () => {
  let t: TestApp;
  let slug: string;
  let otherSlug: string;
  let cookie: string;
  let otherCookie: string;
  const api = (method: 'GET' | 'POST', path: string, tenant = slug) =>
    call(t.app, cookie, { method, url: `/api/tenants/${tenant}${path}` });

  beforeAll(async () => {
    t = await createTestApp();
    const tenant = await makeTenant(t.database.db);
    slug = tenant.slug;
    const other = await makeTenant(t.database.db);
    otherSlug = other.slug;
    const otherAdmin = await makeUser(t.database.db, { role: 'tenant_admin', tenantId: other.id });
    otherCookie = await signIn(t.app, otherAdmin.email, otherAdmin.password);
    const manager = await makeUser(t.database.db, { role: 'game_manager', tenantId: tenant.id });
    cookie = await signIn(t.app, manager.email, manager.password);
  });
  afterAll(() => t.close());

  it("imports the demo's route with its steps and media into an empty tenant", async () => {
    const fixture = await sample();
    expect((await api('GET', '/routes')).json()).toEqual({ routes: [] });

    const answer = await api('POST', '/routes/sample');
    expect(answer.statusCode).toBe(201);
    const imported = answer.json<Imported>();
    expect(imported).toMatchObject({
      created: true,
      route: { slug: fixture.id, title: fixture.title, step_count: fixture.steps.length },
    });

    // The list counts the steps on the server.
    const list = (await api('GET', '/routes')).json<{ routes: Imported['route'][] }>();
    expect(list.routes.map((r) => [r.slug, r.step_count])).toEqual([[fixture.id, 6]]);

    // The steps are the fixture's, their media point at files of this tenant's library.
    const steps = (await api('GET', `/routes/${imported.route.id}/steps`)).json<{ steps: Step[] }>()
      .steps;
    expect(steps.map((s) => [s.place, s.check_type])).toEqual(
      fixture.steps.map((s) => [s.place, s.check_type]),
    );
    const library = (await api('GET', '/media')).json<{ files: { unique_code: string }[] }>();
    const codes = new Set(library.files.map((file) => file.unique_code));
    expect(codes.size).toBe(8);
    const used = steps.flatMap((s) => s.media.map((item) => item.code));
    // A picture on each of the six steps, the clip on Campo de' Fiori and the video on the last.
    expect(used).toHaveLength(8);
    expect(used.every((code) => code !== undefined && codes.has(code))).toBe(true);
    expect(JSON.stringify(steps)).not.toContain('example.org');
  });

  it("adds the sample again under a free slug, leaving the organiser's copy untouched", async () => {
    const first = (await api('GET', '/routes')).json<{ routes: Imported['route'][] }>().routes[0]!;
    const again = await api('POST', '/routes/sample');
    expect(again.statusCode).toBe(201);
    expect(again.json<Imported>()).toMatchObject({
      created: true,
      route: { slug: 'roma-centro-storico-2', step_count: 6 },
    });
    const list = (await api('GET', '/routes')).json<{ routes: Imported['route'][] }>();
    expect(list.routes.map((r) => r.slug).sort()).toEqual([
      'roma-centro-storico',
      'roma-centro-storico-2',
    ]);
    expect(list.routes.find((r) => r.id === first.id)).toEqual(first);
  });

  it("refuses another tenant's staff and anonymous callers, and creates nothing", async () => {
    const foreign = await api('POST', '/routes/sample', otherSlug);
    // Another tenant's route list answers like a missing tenant.
    expect(foreign.statusCode).toBe(404);
    const anonymous = await call(t.app, null, {
      method: 'POST',
      url: `/api/tenants/${otherSlug}/routes/sample`,
    });
    expect(anonymous.statusCode).toBe(401);
    const list = await call(t.app, otherCookie, {
      method: 'GET',
      url: `/api/tenants/${otherSlug}/routes`,
    });
    expect(list.json()).toEqual({ routes: [] });
  });
});
