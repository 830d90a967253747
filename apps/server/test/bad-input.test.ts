import { readdir } from 'node:fs/promises';
import path from 'node:path';
import type { InjectOptions } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { tenants } from '../src/db/schema';
import { createStorage } from '../src/infra/storage';
import { createTestApp, type TestApp } from './helpers/app';
import { refuseWrites, TEST_DB } from './helpers/database';
import { call, makeTenant, makeUser, signIn } from './helpers/factories';
import { fingerprint } from './helpers/fingerprint';
import { pricingFields, routeFields, tenantFields } from './helpers/forms';
import { multipart } from './helpers/multipart';
import { makeWorld, type TenantWorld } from './helpers/sweep-world';

/**
 * Bad input answers 4xx and changes nothing (issue 12): each class the fuzz tier generates, one
 * request each, with the error code it must get.
 */

const png = () =>
  sharp({ create: { width: 16, height: 16, channels: 3, background: '#3B82F6' } })
    .png()
    .toBuffer();

const step = (overrides: Record<string, unknown> = {}) => ({
  ord: 1,
  place: 'Pantheon',
  lat: 41.9,
  lng: 12.48,
  radius_m: 40,
  task: 'Conta',
  check_type: 'text',
  check_answer: '16',
  ...overrides,
});
const routeJson = (overrides: Record<string, unknown> = {}, stepOverrides = {}) => ({
  json: JSON.stringify({
    id: 'importata',
    title: 'Importata',
    steps: [step(stepOverrides)],
    ...overrides,
  }),
});

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries.filter((e) => e.isFile()).map((e) => path.join(e.parentPath, e.name));
}

describe(`bad input on ${TEST_DB}`, () => {
  let t: TestApp;
  let tenant: typeof tenants.$inferSelect;
  let world: TenantWorld;
  let admin: string;
  let superadmin: string;

  beforeAll(async () => {
    t = await createTestApp();
    const db = t.database.db;
    tenant = await makeTenant(db);
    const storage = createStorage(t.config, {
      info: () => null,
      warn: () => null,
      error: () => null,
    });
    world = await makeWorld({ app: t.app, db, storage }, tenant);
    const user = await makeUser(db, { role: 'tenant_admin', tenantId: tenant.id });
    admin = await signIn(t.app, user.email, user.password);
    const root = await makeUser(db, { role: 'superadmin' });
    superadmin = await signIn(t.app, root.email, root.password);
  });
  afterAll(() => t.close());

  /** Sends the request and checks it is refused with `status` and `code`, changing nothing. */
  async function expectRefused(
    who: 'anonymous' | 'admin' | 'superadmin' | 'team',
    request: InjectOptions,
    status: number,
    code: string,
  ) {
    const cookie = {
      anonymous: null,
      admin,
      superadmin,
      team: world.teamCookie,
    }[who];
    const before = await fingerprint(t.database.db);
    const res = await call(t.app, cookie, request);
    expect(res.statusCode, res.body).toBe(status);
    expect(res.json<{ error: { code: string } }>().error.code).toBe(code);
    expect(await fingerprint(t.database.db)).toBe(before);
    return res;
  }

  const routes = () => `/api/tenants/${tenant.slug}/routes`;

  describe('NUL characters', () => {
    it('are refused in a JSON body, anonymously too', async () => {
      const res = await expectRefused(
        'anonymous',
        {
          method: 'POST',
          url: '/api/password/reset',
          payload: { token: 'abc\u0000def', newPassword: 'secret-pass' },
        },
        400,
        'validation_failed',
      );
      expect(res.json()).toMatchObject({ error: { params: { fields: 'token' } } });
    });

    it('are refused in a path parameter and in the query', async () => {
      await expectRefused(
        'anonymous',
        { method: 'POST', url: '/api/play/a%00b/identify', payload: { email: 'a@example.org' } },
        400,
        'validation_failed',
      );
      await expectRefused(
        'admin',
        { method: 'POST', url: `${routes()}?x=%00`, payload: routeFields() },
        400,
        'validation_failed',
      );
    });

    it('are refused in a nested value, a key and a multipart form', async () => {
      await expectRefused(
        'team',
        {
          method: 'POST',
          url: `/api/play/${world.slug}/routes/${world.routeSlug}/redeem`,
          payload: { code: 'AB\u0000CDEFG' },
        },
        400,
        'validation_failed',
      );
      await expectRefused(
        'admin',
        {
          method: 'PUT',
          url: `${routes()}/${world.routeId}/steps`,
          payload: { steps: [step({ 'task\u0000': 1 })] },
        },
        400,
        'validation_failed',
      );
      await expectRefused(
        'team',
        {
          method: 'PUT',
          url: `/api/play/${world.slug}/registration`,
          ...multipart([{ name: 'data', json: { team_name: 'Gufi\u0000', team_members: null } }]),
        },
        400,
        'validation_failed',
      );
    });

    it('are refused inside a route JSON document', async () => {
      await expectRefused(
        'admin',
        { method: 'POST', url: `${routes()}/import`, payload: routeJson({ title: 'Gi\u0000ro' }) },
        400,
        'validation_failed',
      );
    });
  });

  describe('malformed requests', () => {
    it('a multipart form without boundary or cut short is form_data_invalid', async () => {
      const form = multipart([{ name: 'data', json: tenantFields() }]);
      await expectRefused(
        'superadmin',
        {
          method: 'POST',
          url: '/api/platform/tenants',
          payload: form.payload,
          headers: { 'content-type': 'multipart/form-data' },
        },
        400,
        'form_data_invalid',
      );
      await expectRefused(
        'superadmin',
        {
          method: 'POST',
          url: '/api/platform/tenants',
          payload: form.payload.subarray(0, form.payload.length - 10),
          headers: form.headers,
        },
        400,
        'form_data_invalid',
      );
    });

    it('a file that is not an image, or in the wrong field, is refused', async () => {
      await expectRefused(
        'admin',
        {
          method: 'POST',
          url: `${routes()}/${world.routeId}/image`,
          ...multipart([
            {
              name: 'image',
              file: Buffer.from('<svg/>'),
              filename: 'a.png',
              contentType: 'image/png',
            },
          ]),
        },
        415,
        'image_type_refused',
      );
      await expectRefused(
        'admin',
        {
          method: 'POST',
          url: `${routes()}/${world.routeId}/image`,
          ...multipart([
            { name: 'logo', file: await png(), filename: 'a.png', contentType: 'image/png' },
          ]),
        },
        400,
        'form_file_unexpected',
      );
    });

    it('a path the router cannot decode, or an overlong parameter, is bad_request', async () => {
      await expectRefused(
        'anonymous',
        { method: 'POST', url: '/api/play/%C0%80/identify' },
        400,
        'bad_request',
      );
      await expectRefused(
        'admin',
        { method: 'DELETE', url: `${routes()}/${'x'.repeat(500)}` },
        400,
        'bad_request',
      );
    });
  });

  describe('numbers past their column and dates that are not dates', () => {
    it.each([
      ['a date in year 0', routeFields({ date_start: '0000-01-01T00:00:00Z' })],
      ['a date past year 9999 in UTC', routeFields({ date_end: '9999-12-31T23:59:59-14:00' })],
    ])('route form: %s', async (_, payload) => {
      await expectRefused(
        'admin',
        { method: 'POST', url: routes(), payload },
        400,
        'validation_failed',
      );
    });

    it.each([
      ['a priority past the integer column', pricingFields({ is_priority: 2 ** 31 })],
      ['a cost past the money column', pricingFields({ cost_euro: 1e12 })],
      ['a discount price past the money column', pricingFields({ discount_price: 1e12 })],
      ['a date in year 0', pricingFields({ date_from: '0000-01-01' })],
      ['a time past midnight', pricingFields({ time_to: '99:99' })],
    ])('price list: %s', async (_, payload) => {
      await expectRefused(
        'admin',
        { method: 'POST', url: `${routes()}/${world.routeId}/pricing`, payload },
        400,
        'validation_failed',
      );
    });

    it('tenant form: an expiry date in year 0', async () => {
      await expectRefused(
        'superadmin',
        {
          method: 'POST',
          url: '/api/platform/tenants',
          ...multipart([{ name: 'data', json: tenantFields({ expiry_date: '0000-01-01' }) }]),
        },
        400,
        'validation_failed',
      );
    });

    it.each([
      ['an unreadable date', routeJson({ date_start: 'garbage' }), 'date_invalid'],
      ['a date in year 0', routeJson({ date_end: '0000-01-01T00:00:00Z' }), 'date_invalid'],
      ['a radius past the integer column', routeJson({}, { radius_m: 1e12 }), 'radius_invalid'],
    ])('route JSON: %s', async (_, payload, issue) => {
      const res = await expectRefused(
        'admin',
        { method: 'POST', url: `${routes()}/import`, payload },
        400,
        'route_json_invalid',
      );
      expect(res.json()).toMatchObject({ error: { params: { issue } } });
    });

    it('route JSON: a fractional radius is whole metres, an ord past the column its position', async () => {
      const res = await call(t.app, admin, {
        method: 'POST',
        url: `${routes()}/import`,
        payload: routeJson({ id: 'metri' }, { radius_m: 12.4, ord: 2 ** 40 }),
      });
      expect(res.statusCode, res.body).toBe(200);
      const steps = await call(t.app, admin, {
        method: 'GET',
        url: `${routes()}/${res.json<{ route: { id: string } }>().route.id}/steps`,
      });
      expect(steps.json()).toMatchObject({ steps: [{ radius_m: 12, ord: 1 }] });
    });
  });

  describe('a registration that fails after its avatar is stored', () => {
    it('removes the avatar again', async () => {
      // A real failure of the write after the upload: the database refuses this team name.
      const allow = await refuseWrites(t.database.db, {
        table: 'team_registrations',
        events: 'insert or update',
        when: "new.team_name = 'Boom'",
      });
      const avatars = path.join(t.dataDir, 'files', 'team-avatars');
      const before = await filesUnder(avatars);
      const res = await call(t.app, world.teamCookie, {
        method: 'PUT',
        url: `/api/play/${world.slug}/registration`,
        ...multipart([
          { name: 'data', json: { team_name: 'Boom', team_members: null } },
          { name: 'avatar', file: await png(), filename: 'a.png', contentType: 'image/png' },
        ]),
      });
      expect(res.statusCode).toBe(500);
      expect(await filesUnder(avatars)).toEqual(before);
      await allow();
      // The same form without the failure stores its avatar.
      const ok = await call(t.app, world.teamCookie, {
        method: 'PUT',
        url: `/api/play/${world.slug}/registration`,
        ...multipart([
          { name: 'data', json: { team_name: 'Boom', team_members: null } },
          { name: 'avatar', file: await png(), filename: 'a.png', contentType: 'image/png' },
        ]),
      });
      expect(ok.statusCode, ok.body).toBe(200);
      expect((await filesUnder(avatars)).length).toBeGreaterThan(before.length);
    });
  });
});
