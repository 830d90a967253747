import { AUDIT_PAGE_SIZE, type AuditEntry, type AuditLogPage } from '@tappa/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordAudit } from '../src/modules/audit/audit.service';
import { createTestApp, type TestApp } from './helpers/app';
import { TEST_DB } from './helpers/database';
import { call, makeUser, signIn } from './helpers/factories';
import { fingerprint } from './helpers/fingerprint';
import { tenantFields } from './helpers/forms';
import { multipart } from './helpers/multipart';

describe(`the audit log on ${TEST_DB}`, () => {
  let t: TestApp;
  let me: Awaited<ReturnType<typeof makeUser>>;
  let cookie: string;
  beforeAll(async () => {
    t = await createTestApp();
    me = await makeUser(t.database.db, { role: 'superadmin' });
    cookie = await signIn(t.app, me.email, me.password);
  });
  afterAll(() => t.close());

  /** A superadmin's request from `address`. */
  const send = (method: string, url: string, payload?: object, address = '203.0.113.7') =>
    call(t.app, cookie, {
      method: method as 'GET',
      url,
      payload,
      remoteAddress: address,
    });
  const page = async (before?: number) => {
    const res = await send('GET', `/api/platform/audit-log${before ? `?before=${before}` : ''}`);
    expect(res.statusCode).toBe(200);
    return res.json<AuditLogPage>();
  };
  const newest = async () => (await page()).entries[0];

  it("records each change to a superadmin with who, what, when and the caller's address", async () => {
    const created = await send('POST', '/api/platform/users', {
      email: 'audited@example.org',
      password: 'segreto',
    });
    expect(created.statusCode).toBe(201);
    const userId = created.json<{ id: string }>().id;
    const target = { target_id: userId, target_label: 'audited@example.org' };
    expect(await newest()).toMatchObject({
      action: 'superadmin.create',
      actor_user_id: me.userId,
      actor_email: me.email,
      ip: '203.0.113.7',
      ...target,
    } satisfies Partial<AuditEntry>);

    await send('PUT', `/api/platform/users/${userId}`, {
      display_name: 'Nome',
      password: 'altro-pw',
    });
    expect(await newest()).toMatchObject({
      action: 'superadmin.update',
      details: { fields: ['display_name', 'password'] },
      ...target,
    });
    await send('PATCH', `/api/platform/users/${userId}/active`, { is_active: false });
    expect(await newest()).toMatchObject({ action: 'superadmin.deactivate', ...target });
    await send('PATCH', `/api/platform/users/${userId}/active`, { is_active: true });
    expect(await newest()).toMatchObject({ action: 'superadmin.activate', ...target });
    expect((await send('DELETE', `/api/platform/users/${userId}`)).statusCode).toBe(204);
    expect(await newest()).toMatchObject({ action: 'superadmin.delete', ...target });

    // Newest first, and a refused change (own account) records nothing.
    const ids = (await page()).entries.map((entry) => entry.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    const before = await fingerprint(t.database.db);
    const own = await send('PATCH', `/api/platform/users/${me.userId}/active`, {
      is_active: false,
    });
    expect(own.statusCode).toBe(403);
    expect(await fingerprint(t.database.db)).toBe(before);
  });

  it('records the e-mail settings without their key', async () => {
    const res = await send('PUT', '/api/platform/email-settings', {
      api_key: 'api-very-secret-key-1234',
      sender_email: 'noreply@example.org',
    });
    expect(res.statusCode).toBe(200);
    const entry = await newest();
    expect(entry).toMatchObject({
      action: 'email_settings.update',
      target_label: 'noreply@example.org',
    });
    expect(JSON.stringify(await page())).not.toContain('very-secret');
  });

  it('records a tenant created, edited (the fields changed) and deleted', async () => {
    const form = multipart([{ name: 'data', json: tenantFields({ name: 'Audit Città' }) }]);
    const res = await call(t.app, cookie, {
      method: 'POST',
      url: '/api/platform/tenants',
      ...form,
      remoteAddress: '198.51.100.2',
    });
    expect(res.statusCode).toBe(201);
    const tenant = res.json<{ id: string; slug: string }>();
    expect(await newest()).toMatchObject({
      action: 'tenant.create',
      target_id: tenant.id,
      target_label: 'Audit Città',
      ip: '198.51.100.2',
      details: { slug: 'audit-citta', admin_email: 'first.admin@prova.it' },
    });

    const edit = multipart([
      {
        name: 'data',
        json: tenantFields({
          name: 'Audit Città',
          city: 'Milano',
          slug: tenant.slug,
          admin_password: 'nuova-pw',
        }),
      },
    ]);
    const edited = await call(t.app, cookie, {
      method: 'PUT',
      url: `/api/platform/tenants/${tenant.id}`,
      ...edit,
    });
    expect(edited.statusCode).toBe(200);
    expect(await newest()).toMatchObject({
      action: 'tenant.update',
      details: { fields: ['city', 'admin_password'] },
    });

    expect((await send('DELETE', `/api/platform/tenants/${tenant.id}`)).statusCode).toBe(204);
    expect(await newest()).toMatchObject({
      action: 'tenant.delete',
      target_id: tenant.id,
      target_label: 'Audit Città',
    });
  });

  it('pages newest first through every entry, and refuses a bad cursor', async () => {
    const actor = { userId: me.userId, email: me.email, ip: '127.0.0.1' };
    for (let i = 0; i < AUDIT_PAGE_SIZE + 5; i += 1) {
      await recordAudit(t.database.db, {
        actor,
        action: 'tenant.update',
        target: { id: `paging-${i}`, label: null },
        now: new Date(),
      });
    }
    const first = await page();
    expect(first.entries).toHaveLength(AUDIT_PAGE_SIZE);
    expect(first.entries[0]?.target_id).toBe(`paging-${AUDIT_PAGE_SIZE + 4}`);
    const seen = [...first.entries];
    let next = first.next_before;
    while (next !== null) {
      const older = await page(next);
      seen.push(...older.entries);
      next = older.next_before;
    }
    const ids = seen.map((entry) => entry.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    expect(seen.filter((entry) => entry.target_id?.startsWith('paging-'))).toHaveLength(
      AUDIT_PAGE_SIZE + 5,
    );

    for (const bad of ['abc', '-1', '0', '1.5', '99999999999999999999']) {
      const res = await send('GET', `/api/platform/audit-log?before=${bad}`);
      expect(res.statusCode, bad).toBe(400);
    }
  });
});
