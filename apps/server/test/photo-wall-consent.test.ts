import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { teamRegistrations } from '../src/db/schema';
import { createTestApp, type TestApp } from './helpers/app';
import { rawDb, TEST_DB } from './helpers/database';
import { call, cookieHeader, makeTenant } from './helpers/factories';

// The photo wall's consent at registration (issue 34, decision 0083): off unless the team ticks
// it, read back by the phone's prefill, kept when an older client does not send it.

describe(`the photo wall's consent at registration on ${TEST_DB}`, () => {
  let t: TestApp;
  let slug: string;

  beforeAll(async () => {
    t = await createTestApp();
    slug = (await makeTenant(t.database.db, { name: 'Consensi' })).slug;
  });
  afterAll(() => t.close());

  /** An identified team's browser: its cookie and its registration writes. */
  async function identified(email: string) {
    const remoteAddress = `10.34.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;
    const identify = await call(t.app, null, {
      method: 'POST',
      url: `/api/play/${slug}/identify`,
      remoteAddress,
      payload: { email },
    });
    expect(identify.statusCode).toBe(200);
    const cookie = cookieHeader(identify.headers['set-cookie']);
    const send = (data: Record<string, unknown>) => {
      const boundary = 'consent-boundary';
      const payload = `--${boundary}\r\nContent-Disposition: form-data; name="data"\r\n\r\n${JSON.stringify(data)}\r\n--${boundary}--\r\n`;
      return call(t.app, cookie, {
        method: 'PUT',
        url: `/api/play/${slug}/registration`,
        remoteAddress,
        headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
        payload,
      });
    };
    return {
      send,
      async save(data: Record<string, unknown>) {
        const res = await send(data);
        expect(res.statusCode).toBe(200);
        return res.json<{ photo_wall_consent: boolean }>();
      },
      async profile() {
        const res = await call(t.app, cookie, {
          method: 'GET',
          url: `/api/play/${slug}/me`,
          remoteAddress,
        });
        expect(res.statusCode).toBe(200);
        return res.json<{ registration: { photo_wall_consent: boolean } | null }>();
      },
    };
  }

  async function storedConsent(email: string) {
    const [row] = await rawDb(t.database.db)
      .select({ consent: teamRegistrations.photo_wall_consent })
      .from(teamRegistrations)
      .where(eq(teamRegistrations.email, email));
    return row?.consent;
  }

  it('stores a ticked consent and gives it back to the prefill', async () => {
    const team = await identified('yes@example.org');
    const saved = await team.save({
      team_name: 'Sì',
      team_members: null,
      photo_wall_consent: true,
    });
    expect(saved.photo_wall_consent).toBe(true);
    expect(await storedConsent('yes@example.org')).toBe(true);
    expect((await team.profile()).registration?.photo_wall_consent).toBe(true);
  });

  it('takes a consent back when the team unticks it', async () => {
    const team = await identified('change@example.org');
    await team.save({ team_name: 'Ripensamento', team_members: null, photo_wall_consent: true });
    const saved = await team.save({
      team_name: 'Ripensamento',
      team_members: null,
      photo_wall_consent: false,
    });
    expect(saved.photo_wall_consent).toBe(false);
    expect(await storedConsent('change@example.org')).toBe(false);
  });

  it('registers a team of an older client, which sends no consent, without it', async () => {
    const team = await identified('old@example.org');
    const saved = await team.save({ team_name: 'Vecchio', team_members: null });
    expect(saved.photo_wall_consent).toBe(false);
    expect(await storedConsent('old@example.org')).toBe(false);
  });

  it("keeps a saved consent when an older client's update leaves it out", async () => {
    const team = await identified('keep@example.org');
    await team.save({ team_name: 'Costanti', team_members: null, photo_wall_consent: true });
    const saved = await team.save({ team_name: 'Costanti e Fieri', team_members: 'Anna' });
    expect(saved.photo_wall_consent).toBe(true);
    expect(await storedConsent('keep@example.org')).toBe(true);
  });

  it('refuses a consent that is not a yes or a no', async () => {
    const team = await identified('odd@example.org');
    const res = await team.send({
      team_name: 'Strani',
      team_members: null,
      photo_wall_consent: 'si',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      error: { code: 'validation_failed', params: { fields: 'photo_wall_consent' } },
    });
    expect(await storedConsent('odd@example.org')).toBeUndefined();
    expect((await team.profile()).registration).toBeNull();
  });
});
