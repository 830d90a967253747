import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/app';
import { TEST_DB } from './helpers/database';
import { call, makeTenant } from './helpers/factories';
import { ManualClock } from './helpers/manual-clock';
import { outboxLinks } from './helpers/outbox';

const T0 = Date.parse('2026-11-22T10:00:00Z');
const MINUTE = 60_000;
const LINK = '/verify-email?token=';

describe(`'Invia di nuovo' on the verification screen, on ${TEST_DB}`, () => {
  let t: TestApp;
  const clock = new ManualClock(T0);
  let slug: string;
  let ip = 0;

  beforeAll(async () => {
    t = await createTestApp({
      clock,
      env: { MAIL_TRANSPORT: 'outbox', PUBLIC_URL: 'http://quest.test' },
    });
    slug = (await makeTenant(t.database.db)).slug;
  });
  afterAll(() => t.close());

  /** A call from a client address of its own unless `from` is given. */
  function post(
    url: string,
    payload: object,
    from = `10.50.${Math.floor(ip / 200)}.${ip++ % 200}`,
  ) {
    return call(t.app, null, {
      method: 'POST',
      url: `/api/play/${slug}${url}`,
      remoteAddress: from,
      payload,
    });
  }
  const resend = (email: string, from?: string) => post('/verification/resend', { email }, from);
  const linksTo = (email: string) => outboxLinks(t.dataDir, email, LINK);

  it('sends a new link to the outbox that verifies the e-mail, and sets no cookie', async () => {
    clock.set(T0);
    const email = 'again@example.org';
    expect((await post('/identify', { email })).json()).toEqual({
      mode: 'verification-sent',
      email,
    });
    expect(await linksTo(email)).toHaveLength(1);
    const res = await resend('Again@Example.org');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ email });
    expect(res.headers['set-cookie']).toBeUndefined();
    const links = await linksTo(email);
    expect(links).toHaveLength(2);
    expect(links[1]).toContain(`http://quest.test/${slug}${LINK}`);
    expect(links[1]).not.toBe(links[0]);
    const token = new URL(links[1]!).searchParams.get('token');
    const verified = await post('/verify', { token });
    expect(verified.json()).toEqual({ email });
    expect(verified.headers['set-cookie']).toBeDefined();
  });

  it('keeps to five mails an hour per address, identification included, from any client', async () => {
    clock.set(T0);
    const email = 'flood@example.org';
    expect((await post('/identify', { email })).statusCode).toBe(200);
    for (let i = 0; i < 4; i += 1) expect((await resend(email)).statusCode).toBe(200);
    const refused = await resend(email);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ error: { code: 'too_many_verification_mails' } });
    expect(await linksTo(email)).toHaveLength(5);
    // The bucket refills one mail every 12 minutes.
    clock.set(T0 + 12 * MINUTE);
    expect((await resend(email)).statusCode).toBe(200);
    expect((await resend(email)).statusCode).toBe(429);
    expect(await linksTo(email)).toHaveLength(6);
  });

  it('keeps to five resends a minute per client, whatever the address', async () => {
    clock.set(T0 + 2 * 60 * MINUTE);
    const from = '10.60.0.1';
    for (let i = 0; i < 5; i += 1) {
      expect((await resend(`client${i}@example.org`, from)).statusCode).toBe(200);
    }
    const refused = await resend('client5@example.org', from);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ error: { code: 'rate_limited' } });
    expect(await linksTo('client5@example.org')).toEqual([]);
  });

  it('refuses a bad e-mail and sends nothing', async () => {
    clock.set(T0 + 3 * 60 * MINUTE);
    for (const email of ['', 'not-an-email', `${'a'.repeat(300)}@example.org`]) {
      const res = await resend(email);
      expect(res.statusCode).toBe(400);
    }
    expect((await post('/verification/resend', {})).statusCode).toBe(400);
    expect(await linksTo('not-an-email')).toEqual([]);
  });
});

describe(`'Invia di nuovo' without mail delivery, on ${TEST_DB}`, () => {
  let t: TestApp;
  let slug: string;
  beforeAll(async () => {
    t = await createTestApp();
    slug = (await makeTenant(t.database.db)).slug;
  });
  afterAll(() => t.close());

  it('says no verification is needed, and neither sends a mail nor lets the team in', async () => {
    const res = await call(t.app, null, {
      method: 'POST',
      url: `/api/play/${slug}/verification/resend`,
      payload: { email: 'nomail@example.org' },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ error: { code: 'verification_not_needed' } });
    expect(res.headers['set-cookie']).toBeUndefined();
    expect(await outboxLinks(t.dataDir, 'nomail@example.org', LINK)).toEqual([]);
  });

  it('answers 404 for a tenant that does not exist', async () => {
    const res = await call(t.app, null, {
      method: 'POST',
      url: '/api/play/nessuno-qui/verification/resend',
      payload: { email: 'nomail@example.org' },
    });
    expect(res.statusCode).toBe(404);
  });
});
