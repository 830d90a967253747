import type { ErrorBody, PaymentSettingsView } from '@tappa/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, tenantPaymentSettings, tenants } from '../src/db/schema';
import type { TenantScope } from '../src/db/scope';
import { readStripeSecrets } from '../src/modules/payments/payment-settings.service';
import { createTestApp, type TestApp } from './helpers/app';
import { rawDb, TEST_DB } from './helpers/database';
import { call, makeTenant, makeUser, signIn } from './helpers/factories';
import { fingerprint } from './helpers/fingerprint';

const PUBLIC_URL = 'https://giochi.example.org';
const SECRET = 'a-settings-secret-of-at-least-32-characters';
const NEW_SECRET = 'the-next-settings-secret-of-32-characters-or-more';
const TEST_KEY = 'sk_test_51AbCdEfGhIjKlMnOpQrStUv4242';
const LIVE_KEY = 'sk_live_51ZyXwVuTsRqPoNmLkJiHg9876';
const WEBHOOK_SECRET = 'whsec_Q2f7Hk3LmN8pR4sT6vW9yZ1bC5dE0gJ';

const urlOf = (slug: string) => `/api/tenants/${slug}/payment-settings`;

describe(`a tenant's Stripe settings on ${TEST_DB}`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { PUBLIC_URL, SETTINGS_ENCRYPTION_KEY: SECRET } });
  });
  afterAll(() => t.close());

  const raw = () => rawDb(t.database.db);
  /** A tenant with a signed-in admin and a signed-in game manager of its own. */
  const tenantWithStaff = async (app: TestApp = t) => {
    const tenant = await makeTenant(app.database.db);
    const admin = await makeUser(app.database.db, { role: 'tenant_admin', tenantId: tenant.id });
    const manager = await makeUser(app.database.db, { role: 'game_manager', tenantId: tenant.id });
    return {
      tenant,
      admin,
      cookie: await signIn(app.app, admin.email, admin.password),
      managerCookie: await signIn(app.app, manager.email, manager.password),
    };
  };
  const read = (cookie: string, slug: string, app: TestApp = t) =>
    call(app.app, cookie, { method: 'GET', url: urlOf(slug) });
  const connect = (cookie: string, slug: string, payload: object) =>
    call(t.app, cookie, { method: 'PUT', url: urlOf(slug), payload });
  const disconnect = (cookie: string, slug: string) =>
    call(t.app, cookie, { method: 'DELETE', url: urlOf(slug) });
  const storedRow = async (tenantId: string, app: TestApp = t) => {
    const rows = await rawDb(app.database.db)
      .select()
      .from(tenantPaymentSettings)
      .where(eq(tenantPaymentSettings.tenant_id, tenantId));
    return rows[0] ?? null;
  };
  const auditOf = (tenantId: string) =>
    raw().select().from(auditLog).where(eq(auditLog.target_id, tenantId)).orderBy(auditLog.id);
  /** Asserts a refusal: its status and code, and that nothing changed. */
  const refused = async (
    why: string,
    request: () => Promise<{ statusCode: number; json: <T>() => T }>,
    status: number,
    code: string,
  ) => {
    const before = await fingerprint(t.database.db);
    const res = await request();
    expect(res.statusCode, why).toBe(status);
    expect(res.json<ErrorBody>().error.code, why).toBe(code);
    expect(await fingerprint(t.database.db), `${why} changed the database`).toBe(before);
  };

  it('shows a tenant without an account as not connected, with its webhook URL', async () => {
    const { tenant, cookie } = await tenantWithStaff();
    const res = await read(cookie, tenant.slug);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      connected: false,
      mode: null,
      secret_key_hint: null,
      webhook_secret_set: false,
      webhook_url: `${PUBLIC_URL}/api/payments/stripe/webhook/${tenant.id}`,
      updated_at: null,
    });
  });

  it('connects test keys: stored encrypted, answered only as a hint, audited', async () => {
    const { tenant, admin, cookie } = await tenantWithStaff();
    const saved = await connect(cookie, tenant.slug, {
      secret_key: TEST_KEY,
      webhook_secret: WEBHOOK_SECRET,
    });
    expect(saved.statusCode).toBe(200);
    const view = saved.json<PaymentSettingsView>();
    expect(view).toMatchObject({
      connected: true,
      mode: 'test',
      secret_key_hint: 'sk_test_…4242',
      webhook_secret_set: true,
      webhook_url: `${PUBLIC_URL}/api/payments/stripe/webhook/${tenant.id}`,
    });
    expect(Date.parse(view.updated_at ?? '')).not.toBeNaN();
    const again = await read(cookie, tenant.slug);
    expect(again.json()).toEqual(view);
    for (const body of [saved.body, again.body]) {
      expect(body).not.toContain(TEST_KEY);
      expect(body).not.toContain(WEBHOOK_SECRET);
    }

    const row = await storedRow(tenant.id);
    expect(row).toMatchObject({ mode: 'test', updated_by: admin.userId });
    expect(row?.stripe_secret_key).toMatch(/^v1:[\w-]+$/);
    expect(row?.stripe_webhook_secret).toMatch(/^v1:[\w-]+$/);
    expect(JSON.stringify(row)).not.toContain(TEST_KEY.slice(8));
    expect(JSON.stringify(row)).not.toContain(WEBHOOK_SECRET.slice(6));

    const entries = await auditOf(tenant.id);
    expect(entries).toMatchObject([
      {
        action: 'payment_settings.connect',
        actor_email: admin.email,
        target_label: tenant.name,
        details: { mode: 'test' },
      },
    ]);
    expect(JSON.stringify(entries)).not.toContain(TEST_KEY.slice(8));
    expect(JSON.stringify(entries)).not.toContain(WEBHOOK_SECRET.slice(6));
  });

  it('replaces the keys: a live key shows live mode, a restricted key its own prefix', async () => {
    const { tenant, cookie } = await tenantWithStaff();
    const secrets = { webhook_secret: WEBHOOK_SECRET };
    await connect(cookie, tenant.slug, { ...secrets, secret_key: TEST_KEY });
    const live = await connect(cookie, tenant.slug, { ...secrets, secret_key: LIVE_KEY });
    expect(live.json()).toMatchObject({ mode: 'live', secret_key_hint: 'sk_live_…9876' });
    const restricted = await connect(cookie, tenant.slug, {
      secret_key: 'rk_test_restricted_0001',
      webhook_secret: 'whsec_abcdefgh',
    });
    expect(restricted.json()).toMatchObject({ mode: 'test', secret_key_hint: 'rk_test_…0001' });
    expect(await storedRow(tenant.id)).toMatchObject({
      mode: 'test',
      secret_key_hint: 'rk_test_…0001',
    });
    const scope: TenantScope = {
      kind: 'tenant',
      tenantId: tenant.id,
      slug: tenant.slug,
      role: 'tenant_admin',
    };
    expect(await readStripeSecrets({ db: t.database.db, config: t.config }, scope)).toEqual({
      secretKey: 'rk_test_restricted_0001',
      webhookSecret: 'whsec_abcdefgh',
    });
  });

  it('refuses bad or incomplete secrets and changes nothing', async () => {
    const { tenant, cookie } = await tenantWithStaff();
    await connect(cookie, tenant.slug, { secret_key: TEST_KEY, webhook_secret: WEBHOOK_SECRET });
    for (const payload of [
      {},
      { secret_key: TEST_KEY },
      { webhook_secret: WEBHOOK_SECRET },
      { secret_key: '', webhook_secret: WEBHOOK_SECRET },
      { secret_key: 'pk_test_51AbCdEfGh', webhook_secret: WEBHOOK_SECRET },
      { secret_key: 'sk_test_1234567', webhook_secret: WEBHOOK_SECRET },
      { secret_key: 'sk_prod_12345678', webhook_secret: WEBHOOK_SECRET },
      { secret_key: 'sk_test_1234 5678', webhook_secret: WEBHOOK_SECRET },
      { secret_key: `sk_test_${'a'.repeat(300)}`, webhook_secret: WEBHOOK_SECRET },
      { secret_key: TEST_KEY, webhook_secret: 'whsec_1234567' },
      { secret_key: TEST_KEY, webhook_secret: 'wh_12345678' },
      { secret_key: TEST_KEY, webhook_secret: 'whsec_12345678-' },
      { secret_key: TEST_KEY, webhook_secret: null },
      { secret_key: 42, webhook_secret: WEBHOOK_SECRET },
    ]) {
      await refused(
        JSON.stringify(payload),
        () => connect(cookie, tenant.slug, payload),
        400,
        'validation_failed',
      );
    }
    expect((await read(cookie, tenant.slug)).json()).toMatchObject({
      secret_key_hint: 'sk_test_…4242',
    });
  });

  it("refuses a game manager and another tenant's admin; the superadmin may", async () => {
    const { tenant, cookie, managerCookie } = await tenantWithStaff();
    const other = await tenantWithStaff();
    await connect(cookie, tenant.slug, { secret_key: TEST_KEY, webhook_secret: WEBHOOK_SECRET });
    const write = { secret_key: LIVE_KEY, webhook_secret: WEBHOOK_SECRET };
    for (const [who, caller, status, code] of [
      ['a game manager', managerCookie, 403, 'forbidden'],
      ["another tenant's admin", other.cookie, 404, 'tenant_not_found'],
    ] as const) {
      await refused(`${who} reads`, () => read(caller, tenant.slug), status, code);
      await refused(`${who} connects`, () => connect(caller, tenant.slug, write), status, code);
      await refused(`${who} disconnects`, () => disconnect(caller, tenant.slug), status, code);
    }
    await refused('anonymous', () => read('', tenant.slug), 401, 'unauthenticated');

    const superadmin = await makeUser(t.database.db, { role: 'superadmin' });
    const superCookie = await signIn(t.app, superadmin.email, superadmin.password);
    expect((await read(superCookie, tenant.slug)).json()).toMatchObject({ mode: 'test' });
    expect((await connect(superCookie, tenant.slug, write)).json()).toMatchObject({
      mode: 'live',
    });
  });

  it('disconnects, again without harm; the settings go with their tenant', async () => {
    const { tenant, cookie } = await tenantWithStaff();
    await connect(cookie, tenant.slug, { secret_key: TEST_KEY, webhook_secret: WEBHOOK_SECRET });
    expect((await disconnect(cookie, tenant.slug)).statusCode).toBe(204);
    expect(await storedRow(tenant.id)).toBeNull();
    expect((await read(cookie, tenant.slug)).json()).toMatchObject({
      connected: false,
      secret_key_hint: null,
    });
    // Disconnecting what is not connected answers the same and changes (and logs) nothing.
    const before = await fingerprint(t.database.db);
    expect((await disconnect(cookie, tenant.slug)).statusCode).toBe(204);
    expect(await fingerprint(t.database.db)).toBe(before);
    expect((await auditOf(tenant.id)).map((entry) => entry.action)).toEqual([
      'payment_settings.connect',
      'payment_settings.disconnect',
    ]);

    await connect(cookie, tenant.slug, { secret_key: TEST_KEY, webhook_secret: WEBHOOK_SECRET });
    await raw().delete(tenants).where(eq(tenants.id, tenant.id));
    expect(await storedRow(tenant.id)).toBeNull();
  });

  it("re-encrypts every tenant's secrets at start after a rotation; another key alone reads none", async () => {
    const first = await tenantWithStaff();
    const second = await tenantWithStaff();
    await connect(first.cookie, first.tenant.slug, {
      secret_key: TEST_KEY,
      webhook_secret: WEBHOOK_SECRET,
    });
    await connect(second.cookie, second.tenant.slug, {
      secret_key: LIVE_KEY,
      webhook_secret: WEBHOOK_SECRET,
    });
    const before = [await storedRow(first.tenant.id), await storedRow(second.tenant.id)];

    const stranger = await createTestApp({
      database: t.database,
      env: { PUBLIC_URL, SETTINGS_ENCRYPTION_KEY: NEW_SECRET },
    });
    try {
      const res = await read(first.cookie, first.tenant.slug, stranger);
      expect(res.json()).toMatchObject({ connected: false, secret_key_hint: null });
    } finally {
      await stranger.close();
    }
    expect(await storedRow(first.tenant.id)).toEqual(before[0]);

    const rotated = await createTestApp({
      database: t.database,
      env: {
        PUBLIC_URL,
        SETTINGS_ENCRYPTION_KEY: NEW_SECRET,
        SETTINGS_ENCRYPTION_KEY_PREVIOUS: SECRET,
      },
    });
    try {
      for (const [{ tenant, cookie }, was, hint] of [
        [first, before[0], 'sk_test_…4242'],
        [second, before[1], 'sk_live_…9876'],
      ] as const) {
        const res = await read(cookie, tenant.slug, rotated);
        expect(res.json()).toMatchObject({ connected: true, secret_key_hint: hint });
        const now = await storedRow(tenant.id, rotated);
        expect(now?.stripe_secret_key).not.toBe(was?.stripe_secret_key);
        expect(now?.stripe_webhook_secret).not.toBe(was?.stripe_webhook_secret);
        // Nobody changed the settings: their time stays.
        expect(now?.updated_at).toEqual(was?.updated_at);
      }
      const scope: TenantScope = {
        kind: 'tenant',
        tenantId: second.tenant.id,
        slug: second.tenant.slug,
        role: 'tenant_admin',
      };
      expect(
        await readStripeSecrets({ db: rotated.database.db, config: rotated.config }, scope),
      ).toEqual({ secretKey: LIVE_KEY, webhookSecret: WEBHOOK_SECRET });
    } finally {
      await rotated.close();
    }
    // The old key alone no longer opens them.
    expect((await read(first.cookie, first.tenant.slug)).json()).toMatchObject({
      connected: false,
    });
  });
});
