import type { AddressInfo } from 'node:net';
import { text as readText } from 'node:stream/consumers';
import type { ErrorBody } from '@tappa/contracts';
import { eq } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appSecrets, emailSettings } from '../src/db/schema';
import { createTestApp, type TestApp } from './helpers/app';
import { rawDb } from './helpers/database';
import { call, makeUser, signIn } from './helpers/factories';
import { outboxMessages } from './helpers/outbox';
import { SMTP2GO_REFUSED, type Smtp2goStub, startSmtp2goStub } from './helpers/smtp2go-stub';

const URL = '/api/platform/email-settings';
const API_KEY = 'api-3f9c2e7d4b1a8e6f0c5d9b2a7e4f1234';
const SECRET = 'a-settings-secret-of-at-least-32-characters';
const REFUSED = SMTP2GO_REFUSED;

async function superadminCookie(t: TestApp): Promise<string> {
  const admin = await makeUser(t.database.db, { role: 'superadmin' });
  return signIn(t.app, admin.email, admin.password);
}

async function storedRow(t: TestApp) {
  const rows = await rawDb(t.database.db).select().from(emailSettings);
  return rows[0] ?? null;
}

describe('e-mail settings through SMTP2GO', () => {
  let stub: Smtp2goStub;
  let t: TestApp;
  let cookie: string;

  beforeAll(async () => {
    stub = await startSmtp2goStub();
    t = await createTestApp({
      env: { SMTP2GO_API_URL: stub.url, SETTINGS_ENCRYPTION_KEY: SECRET },
    });
    cookie = await superadminCookie(t);
  });

  afterAll(async () => {
    await t.close();
    await stub.close();
  });

  it('shows nothing set before the first save', async () => {
    const res = await call(t.app, cookie, { method: 'GET', url: URL });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ sender_email: null, api_key_set: false, api_key_masked: null });
  });

  it('saves the key encrypted and only ever answers it masked', async () => {
    const saved = await call(t.app, cookie, {
      method: 'PUT',
      url: URL,
      payload: { api_key: API_KEY, sender_email: 'hello@tappa.test' },
    });
    expect(saved.statusCode).toBe(200);
    const view = {
      sender_email: 'hello@tappa.test',
      api_key_set: true,
      api_key_masked: '••••1234',
    };
    expect(saved.json()).toEqual(view);
    const read = await call(t.app, cookie, { method: 'GET', url: URL });
    expect(read.json()).toEqual(view);
    expect(read.body).not.toContain(API_KEY);

    const row = await storedRow(t);
    expect(row?.smtp2go_api_key).toMatch(/^v1:[\w-]+$/);
    expect(row?.smtp2go_api_key).not.toContain(API_KEY);
    expect(row?.smtp2go_api_key).not.toContain('1234');
  });

  it('refuses incomplete or malformed settings and changes nothing', async () => {
    const before = await storedRow(t);
    for (const payload of [
      {},
      { api_key: API_KEY },
      { sender_email: 'hello@tappa.test' },
      { api_key: '', sender_email: 'new@tappa.test' },
      { api_key: 'has a space', sender_email: 'new@tappa.test' },
      { api_key: 'k'.repeat(201), sender_email: 'new@tappa.test' },
      { api_key: 'new-key', sender_email: 'not an e-mail' },
      { api_key: 'new-key', sender_email: '' },
    ]) {
      const res = await call(t.app, cookie, { method: 'PUT', url: URL, payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json<ErrorBody>().error.code).toBe('validation_failed');
    }
    expect(await storedRow(t)).toEqual(before);
  });

  it('sends the test e-mail with the decrypted key', async () => {
    stub.calls.length = 0;
    const res = await call(t.app, cookie, {
      method: 'POST',
      url: `${URL}/test`,
      payload: { test_email: 'ada@example.test' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true, transport: 'smtp2go' });
    expect(stub.calls).toHaveLength(1);
    expect(stub.calls[0]?.apiKey).toBe(API_KEY);
    expect(stub.calls[0]?.body.sender).toBe('hello@tappa.test');
    expect(stub.calls[0]?.body.to).toEqual(['ada@example.test']);
  });

  it("answers test_email_failed with the provider's reason", async () => {
    const res = await call(t.app, cookie, {
      method: 'POST',
      url: `${URL}/test`,
      payload: { test_email: REFUSED },
    });
    expect(res.statusCode).toBe(502);
    const { error } = res.json<ErrorBody>();
    expect(error.code).toBe('test_email_failed');
    expect(error.params.reason).toContain('Sender not verified');
  });

  it('wants a recipient and sends nothing without one', async () => {
    stub.calls.length = 0;
    for (const payload of [{}, { test_email: '' }, { test_email: 'nobody' }]) {
      const res = await call(t.app, cookie, { method: 'POST', url: `${URL}/test`, payload });
      expect(res.statusCode).toBe(400);
    }
    expect(stub.calls).toHaveLength(0);
  });

  it('re-encrypts the key at start after a rotation; another key alone cannot read it', async () => {
    const NEW_SECRET = 'the-next-settings-secret-of-32-characters-or-more';
    const before = await storedRow(t);
    const stranger = await createTestApp({
      database: t.database,
      env: { SETTINGS_ENCRYPTION_KEY: NEW_SECRET },
    });
    try {
      const res = await call(stranger.app, await superadminCookie(stranger), {
        method: 'GET',
        url: URL,
      });
      expect(res.json()).toMatchObject({ api_key_set: false, api_key_masked: null });
    } finally {
      await stranger.close();
    }
    expect(await storedRow(t)).toEqual(before);

    const rotated = await createTestApp({
      database: t.database,
      env: { SETTINGS_ENCRYPTION_KEY: NEW_SECRET, SETTINGS_ENCRYPTION_KEY_PREVIOUS: SECRET },
    });
    try {
      const res = await call(rotated.app, await superadminCookie(rotated), {
        method: 'GET',
        url: URL,
      });
      expect(res.json()).toMatchObject({ api_key_set: true, api_key_masked: '••••1234' });
      expect((await storedRow(t))?.smtp2go_api_key).not.toBe(before?.smtp2go_api_key);
    } finally {
      await rotated.close();
    }
  });
});

describe('test e-mail through SMTP', () => {
  const received: { to: string[]; raw: string }[] = [];
  let smtp: SMTPServer;
  let t: TestApp;
  let cookie: string;

  beforeAll(async () => {
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onRcptTo(address, _session, callback) {
        callback(address.address === REFUSED ? new Error('Mailbox unavailable') : undefined);
      },
      onData(stream, session, callback) {
        void readText(stream).then((raw) => {
          received.push({ to: session.envelope.rcptTo.map((r) => r.address), raw });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    const { port } = smtp.server.address() as AddressInfo;
    t = await createTestApp({
      env: { SMTP_URL: `smtp://127.0.0.1:${port}/?ignoreTLS=true`, MAIL_FROM: 'a@tappa.test' },
    });
    cookie = await superadminCookie(t);
  });

  afterAll(async () => {
    await t.close();
    await new Promise<void>((resolve) => smtp.close(resolve));
  });

  it('delivers the test e-mail to the SMTP server', async () => {
    const res = await call(t.app, cookie, {
      method: 'POST',
      url: `${URL}/test`,
      payload: { test_email: 'ada@example.test' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true, transport: 'smtp' });
    expect(received.map((m) => m.to)).toEqual([['ada@example.test']]);
    expect(received[0]?.raw).toContain('Subject: Tappa test email');
  });

  it("answers test_email_failed with the SMTP server's reason", async () => {
    const res = await call(t.app, cookie, {
      method: 'POST',
      url: `${URL}/test`,
      payload: { test_email: REFUSED },
    });
    expect(res.statusCode).toBe(502);
    expect(res.json<ErrorBody>().error).toMatchObject({ code: 'test_email_failed' });
    expect(res.json<ErrorBody>().error.params.reason).toContain('Mailbox unavailable');
  });

  it('without SETTINGS_ENCRYPTION_KEY seals the key under a secret generated and kept', async () => {
    const res = await call(t.app, cookie, {
      method: 'PUT',
      url: URL,
      payload: { api_key: API_KEY, sender_email: 'hello@tappa.test' },
    });
    expect(res.json()).toMatchObject({ api_key_set: true, api_key_masked: '••••1234' });
    const secrets = await rawDb(t.database.db)
      .select()
      .from(appSecrets)
      .where(eq(appSecrets.name, 'settings-encryption'));
    expect(secrets).toHaveLength(1);
    expect((await storedRow(t))?.smtp2go_api_key).not.toContain(API_KEY);
  });
});

describe("the test e-mail with MAIL_TRANSPORT=outbox, the environment's default transport", () => {
  let stub: Smtp2goStub;
  const apps: TestApp[] = [];
  beforeAll(async () => {
    stub = await startSmtp2goStub();
  });
  afterAll(async () => {
    for (const t of apps) await t.close();
    await stub.close();
  });

  /** An app with `env`, its superadmin, and its test e-mail and settings calls. */
  async function mailApp(env: NodeJS.ProcessEnv) {
    const t = await createTestApp({
      env: { SMTP2GO_API_URL: stub.url, SETTINGS_ENCRYPTION_KEY: SECRET, ...env },
    });
    apps.push(t);
    const cookie = await superadminCookie(t);
    const sendTest = (to: string) =>
      call(t.app, cookie, { method: 'POST', url: `${URL}/test`, payload: { test_email: to } });
    const save = () =>
      call(t.app, cookie, {
        method: 'PUT',
        url: URL,
        payload: { api_key: API_KEY, sender_email: 'hello@tappa.test' },
      });
    return { t, sendTest, save };
  }

  it('writes to the outbox until SMTP2GO settings are saved, then sends through SMTP2GO', async () => {
    const { t, sendTest, save } = await mailApp({ MAIL_TRANSPORT: 'outbox' });
    stub.calls.length = 0;
    const before = await sendTest('ada@example.test');
    expect(await outboxMessages(t.dataDir, 'ada@example.test')).toHaveLength(1);
    expect((await save()).statusCode).toBe(200);
    const after = await sendTest('bea@example.test');
    expect(stub.calls.map((c) => c.body.to)).toEqual([['bea@example.test']]);
    expect(await outboxMessages(t.dataDir, 'bea@example.test')).toEqual([]);
    // Each answer says which transport took the message.
    expect([before.json(), after.json()]).toEqual([
      { ok: true, transport: 'outbox' },
      { ok: true, transport: 'smtp2go' },
    ]);
  });

  it('keeps the outbox, saved settings or not, when MAIL_TRANSPORT_FORCE=true', async () => {
    const { t, sendTest, save } = await mailApp({
      MAIL_TRANSPORT: 'outbox',
      MAIL_TRANSPORT_FORCE: 'true',
    });
    stub.calls.length = 0;
    expect((await save()).statusCode).toBe(200);
    const res = await sendTest('cleo@example.test');
    expect(await outboxMessages(t.dataDir, 'cleo@example.test')).toHaveLength(1);
    expect(stub.calls).toEqual([]);
    expect(res.json()).toEqual({ ok: true, transport: 'outbox' });
  });
});
