import { readFile, readdir } from 'node:fs/promises';
import path from 'node:path';
import type { AuditLogPage, BackupDownloadLink, BackupListResponse } from '@tappa/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKUP_LINK_TTL_MS } from '../src/modules/backup/backups.endpoints';
import { verifyArchive } from '../src/modules/backup/archive';
import { createTestApp, type TestApp } from './helpers/app';
import { TEST_DB } from './helpers/database';
import { call, makeTenant, makeUser, signIn } from './helpers/factories';
import { ManualClock } from './helpers/manual-clock';

// Issue 32, item 1 (decision 0078): the superadmin's Backup panel lists the archives, writes
// one now, gives a download link only for the password given again, and deletes.

describe(`the Backup panel on ${TEST_DB}`, () => {
  let t: TestApp;
  const clock = new ManualClock(Date.UTC(2026, 10, 28, 9, 30, 0));
  let me: Awaited<ReturnType<typeof makeUser>>;
  let cookie: string;
  let other: string;
  let staff: string;
  beforeAll(async () => {
    t = await createTestApp({ clock });
    me = await makeUser(t.database.db, { role: 'superadmin' });
    cookie = await signIn(t.app, me.email, me.password);
    const second = await makeUser(t.database.db, { role: 'superadmin' });
    other = await signIn(t.app, second.email, second.password);
    const tenant = await makeTenant(t.database.db);
    const admin = await makeUser(t.database.db, { role: 'tenant_admin', tenantId: tenant.id });
    staff = await signIn(t.app, admin.email, admin.password);
  });
  afterAll(() => t.close());

  const send = (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object, as = cookie) =>
    call(t.app, as, { method, url, payload });
  const list = async () => {
    const res = await send('GET', '/api/platform/backups');
    expect(res.statusCode).toBe(200);
    return res.json<BackupListResponse>();
  };
  const linkFor = (name: string, password: string, as = cookie) =>
    send('POST', `/api/platform/backups/${name}/download-link`, { password }, as);
  const newestAudit = async () =>
    (await send('GET', '/api/platform/audit-log')).json<AuditLogPage>().entries[0];

  let name = '';

  it('lists no archive at first, with how the daily backup is set', async () => {
    expect(await list()).toEqual({
      backups: [],
      schedule: { time: null, keep: 14, target: 'folder', encrypted: false },
    });
  });

  it('writes a backup now into BACKUP_DIR, lists it and records who did', async () => {
    const res = await send('POST', '/api/platform/backups');
    expect(res.statusCode).toBe(201);
    const { backup } = res.json<{ backup: BackupListResponse['backups'][number] }>();
    name = backup.name;
    expect(name).toBe('tappa-backup-2026-11-28T09-30-00-000Z.tar.gz');
    expect(backup).toMatchObject({ created_at: '2026-11-28T09:30:00.000Z', encrypted: false });
    expect(await readdir(t.config.backupDir)).toEqual([name]);
    // A whole archive: its manifest counts the tenant made above.
    const manifest = await verifyArchive(path.join(t.config.backupDir, name), null);
    expect(manifest.counts.tenants).toBe(1);

    clock.advance(60_000);
    const second = (await send('POST', '/api/platform/backups')).json<{
      backup: { name: string };
    }>();
    expect((await list()).backups.map((b) => b.name)).toEqual([second.backup.name, name]);
    expect(await newestAudit()).toMatchObject({
      action: 'backup.create',
      actor_user_id: me.userId,
      target_label: second.backup.name,
    });
  });

  it('gives a download link only for the password given again', async () => {
    const wrong = await linkFor(name, 'not-my-password');
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json()).toMatchObject({ error: { code: 'backup_password_wrong' } });

    const res = await linkFor(name, me.password);
    expect(res.statusCode).toBe(200);
    const link = res.json<BackupDownloadLink>();
    expect(link.expires_at).toBe(new Date(clock.nowMs() + BACKUP_LINK_TTL_MS).toISOString());
    expect(await newestAudit()).toMatchObject({ action: 'backup.download', target_label: name });

    // As a browser asks for it: an archive is compressed already and goes out as it is.
    const file = await call(t.app, cookie, {
      method: 'GET',
      url: link.url,
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(file.headers['content-encoding']).toBeUndefined();
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-disposition']).toBe(`attachment; filename="${name}"`);
    expect(file.headers['cache-control']).toBe('no-store');
    expect(file.rawPayload.equals(await readFile(path.join(t.config.backupDir, name)))).toBe(true);
  });

  it('refuses a link that is tampered with, expired, for another archive or another account', async () => {
    const link = (await linkFor(name, me.password)).json<BackupDownloadLink>();
    const token = new URL(link.url, 'http://x').searchParams.get('token') ?? '';
    const refused = async (url: string, as = cookie) => {
      const res = await send('GET', url, undefined, as);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ error: { code: 'backup_link_invalid' } });
    };
    await refused(link.url.replace(/token=\d+/, `token=${clock.nowMs() + 3_600_000}`));
    await refused(`${link.url}x`);
    await refused(`/api/platform/backups/${name}/download?token=`);
    const otherName = (await list()).backups[0]?.name ?? '';
    await refused(`/api/platform/backups/${otherName}/download?token=${token}`);
    // Another superadmin's session cannot use it either.
    await refused(link.url, other);
    clock.advance(BACKUP_LINK_TTL_MS + 1);
    await refused(link.url);
  });

  it('is the superadmin’s only', async () => {
    for (const as of [staff, null]) {
      for (const [method, url, payload] of [
        ['GET', '/api/platform/backups'],
        ['POST', '/api/platform/backups'],
        ['POST', `/api/platform/backups/${name}/download-link`, { password: 'x' }],
        ['GET', `/api/platform/backups/${name}/download?token=1.x`],
        ['DELETE', `/api/platform/backups/${name}`],
      ] as const) {
        const res = await call(t.app, as, { method, url, payload });
        expect(res.statusCode, `${method} ${url}`).toBe(as ? 403 : 401);
      }
    }
    expect((await list()).backups).toHaveLength(2);
  });

  it('answers a clear error for a name that is no archive, and changes nothing', async () => {
    const bad = await send('DELETE', '/api/platform/backups/..%2Fsecrets');
    expect(bad.statusCode).toBe(400);
    const missing = await send(
      'DELETE',
      '/api/platform/backups/tappa-backup-2020-01-01T00-00-00-000Z.tar.gz',
    );
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ error: { code: 'backup_not_found' } });
    const noLink = await linkFor('tappa-backup-2020-01-01T00-00-00-000Z.tar.gz', me.password);
    expect(noLink.statusCode).toBe(404);
    expect((await list()).backups).toHaveLength(2);
  });

  it('deletes an archive', async () => {
    const res = await send('DELETE', `/api/platform/backups/${name}`);
    expect(res.statusCode).toBe(204);
    expect((await list()).backups.map((b) => b.name)).not.toContain(name);
    expect(await newestAudit()).toMatchObject({ action: 'backup.delete', target_label: name });
    expect((await send('DELETE', `/api/platform/backups/${name}`)).statusCode).toBe(404);
  });
});
