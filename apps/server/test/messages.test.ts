import { randomUUID } from 'node:crypto';
import {
  type MessageBoard,
  type MessageRecipients,
  messages,
  type PlayerInbox,
  type PlayerMessage,
  type StaffMessage,
  type StaffMessagesPage,
  staffMessages,
  type Thread,
  type Threads,
  urlOf,
} from '@tappa/contracts';
import { TEAM_MESSAGE_LIMIT } from '@tappa/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importRoute } from '../src/modules/routes/routes.service';
import { createTestApp, type TestApp } from './helpers/app';
import { createTestDatabase, TEST_DB, type TestDatabase } from './helpers/database';
import { type EventStreamReader, openEventStream } from './helpers/event-stream';
import {
  call,
  makeTenant,
  makeUser,
  sampleRouteText,
  signIn,
  superadminScope,
} from './helpers/factories';
import { fingerprint } from './helpers/fingerprint';
import { ManualClock } from './helpers/manual-clock';
import { startTeam } from './helpers/team';

const T0 = Date.parse('2026-11-29T10:00:00Z');
const OTHER_ROUTE = 'roma-seconda';

type Team = Awaited<ReturnType<typeof startTeam>> & { email: string; teamId: string };

describe(`messages during the event on ${TEST_DB} (issue 35, decision 0084)`, () => {
  const clock = new ManualClock(T0);
  let database: TestDatabase;
  let t: TestApp;
  let base: string;
  let slug: string;
  let tenantId: string;
  let otherRouteId: string;
  let admin: string;
  let manager: string;
  let foreignAdmin: string;
  let foreignTeamId: string;
  let foreignRouteId: string;
  let a: Team;
  let b: Team;
  let onOther: Team;

  const as = (
    cookie: string | null,
    method: 'GET' | 'POST' | 'DELETE',
    url: string,
    payload?: object,
  ) => call(t.app, cookie, { method, url, ...(payload === undefined ? {} : { payload }) });
  const send = (body: object, who = admin) =>
    as(who, 'POST', urlOf(staffMessages.send, { slug }), { action_id: randomUUID(), ...body });
  const sent = async (body: object) => {
    const res = await send(body);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<StaffMessage>();
  };
  const inbox = async (team: Team) => {
    const res = await team.req('GET', '/messages');
    expect(res.statusCode, res.body).toBe(200);
    return res.json<PlayerInbox>();
  };
  const write = (team: Team, body: string, actionId: string = randomUUID()) =>
    team.req('POST', '/messages', { action_id: actionId, body });
  const recipients = async (messageId: string) =>
    (
      await as(admin, 'GET', urlOf(staffMessages.recipients, { slug, messageId }))
    ).json<MessageRecipients>();
  const streamOf = (team: Team, headers: Record<string, string> = {}, query = '') =>
    openEventStream(`${base}${urlOf(messages.stream, { slug })}${query}`, {
      cookie: team.cookie(),
      ...headers,
    });
  const pushed = (reader: EventStreamReader) =>
    reader.events
      .filter((event) => event.event === 'message')
      .map((event) => ({ ...(JSON.parse(event.data) as PlayerMessage), id: event.id }));
  /** Waits until the reader has `count` messages, then answers them. */
  const waitForMessages = async (reader: EventStreamReader, count: number) => {
    await reader.waitFor(() => pushed(reader).length >= count);
    return pushed(reader);
  };

  async function team(name: string, routeSlug = 'roma-centro-storico'): Promise<Team> {
    const email = `${name.toLowerCase()}-${randomUUID().slice(0, 6)}@example.org`;
    const started = await startTeam(t.app, { slug, email, teamName: name, routeSlug });
    const [row] = await t.database.db
      .scoped(superadminScope({ id: tenantId, slug }))
      .execute<{ id: string }>(
        // The registration's id: what the staff's players list names the team by.
        sql`select id from team_registrations where email = ${email}`,
      );
    return { ...started, email, teamId: row!.id };
  }

  async function openApp() {
    t = await createTestApp({ clock, database });
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  }

  beforeAll(async () => {
    database = await createTestDatabase();
    await openApp();
    const db = t.database.db;
    const tenant = await makeTenant(db);
    ({ slug, id: tenantId } = tenant);
    const sample = await sampleRouteText();
    await importRoute(db, superadminScope(tenant), sample);
    const second = { ...(JSON.parse(sample) as object), id: OTHER_ROUTE, title: 'Seconda' };
    otherRouteId = (await importRoute(db, superadminScope(tenant), JSON.stringify(second))).route
      .id;
    const person = async (role: 'tenant_admin' | 'game_manager' | 'judge', id: string) => {
      const user = await makeUser(db, { role, tenantId: id });
      return signIn(t.app, user.email, user.password);
    };
    admin = await person('tenant_admin', tenantId);
    manager = await person('game_manager', tenantId);
    const other = await makeTenant(db);
    foreignAdmin = await person('tenant_admin', other.id);
    foreignRouteId = (await importRoute(db, superadminScope(other), sample)).route.id;
    a = await team('Aquile');
    b = await team('Bisonti');
    onOther = await team('Cervi', OTHER_ROUTE);
    // A team of the other tenant: its id may be named, never reached.
    const foreign = await startTeam(t.app, {
      slug: other.slug,
      email: `f-${randomUUID().slice(0, 6)}@example.org`,
    });
    void foreign;
    const [row] = await t.database.db
      .scoped(superadminScope(other))
      .execute<{ id: string }>(
        sql`select id from team_registrations where tenant_id = ${other.id}`,
      );
    foreignTeamId = row!.id;
  });

  afterAll(async () => {
    await t?.close();
    await database?.close();
  });

  it('sends to every team of the tenant with a read confirmation: pushed, in the inboxes, received and read counted', async () => {
    const reader = await streamOf(a, {}, `?after=${(await inbox(a)).messages.at(-1)?.seq ?? 0}`);
    const message = await sent({
      audience: 'tenant',
      body: 'Ritrovo alle 18 in piazza',
      read_confirmation: true,
    });
    expect(message.sent_at).not.toBeNull();
    expect(message.counts).toEqual({ addressed: 3, received: 0, read: 0 });
    const [got] = await waitForMessages(reader, 1);
    expect(got).toMatchObject({
      id: String(got!.seq),
      body: 'Ritrovo alle 18 in piazza',
      author: 'staff',
      kind: 'announcement',
      read_confirmation: true,
      read_at: null,
    });
    reader.close();
    for (const team of [a, b, onOther]) {
      const box = await inbox(team);
      expect(box.messages.map((m) => m.id)).toContain(message.id);
      expect(box.unread).toBe(1);
    }
    // The phone says what it has, then 'Ho letto'.
    expect((await a.req('POST', '/messages/received', { through: got!.seq })).statusCode).toBe(204);
    expect((await b.req('POST', '/messages/read', { message_ids: [message.id] })).statusCode).toBe(
      204,
    );
    const seen = await recipients(message.id);
    expect(seen.message.counts).toEqual({ addressed: 3, received: 2, read: 1 });
    // Those still waiting come first.
    expect(seen.recipients.map((r) => r.team_name)).toEqual(['Cervi', 'Aquile', 'Bisonti']);
    expect((await inbox(b)).unread).toBe(0);
  });

  it('sends to the teams of a route, or to one team by its id or its game; another tenant’s route or team is not found', async () => {
    const toRoute = await sent({ audience: 'route', route_id: otherRouteId, body: 'Solo Seconda' });
    expect(toRoute.counts.addressed).toBe(1);
    expect((await inbox(onOther)).messages.map((m) => m.body)).toContain('Solo Seconda');
    expect((await inbox(a)).messages.map((m) => m.body)).not.toContain('Solo Seconda');

    const byId = await sent({ audience: 'team', team_id: b.teamId, body: 'Solo Bisonti' });
    const byGame = await sent({ audience: 'team', game_id: a.gameId, body: 'Solo Aquile' });
    expect(byId.team?.name).toBe('Bisonti');
    expect(byGame.team?.name).toBe('Aquile');
    expect((await inbox(a)).messages.map((m) => m.body)).not.toContain('Solo Bisonti');
    expect((await inbox(b)).messages.map((m) => m.body)).not.toContain('Solo Aquile');

    const before = await fingerprint(t.database.db);
    const foreignTeam = await send({ audience: 'team', team_id: foreignTeamId, body: 'x' });
    expect(foreignTeam.json<{ error: { code: string } }>().error.code).toBe('team_not_found');
    const foreignRoute = await send({ audience: 'route', route_id: foreignRouteId, body: 'x' });
    expect(foreignRoute.json<{ error: { code: string } }>().error.code).toBe('route_not_found');
    expect(await fingerprint(t.database.db)).toBe(before);
  });

  it('refuses empty, blank, too long and misaddressed texts; a script is stored and sent as text', async () => {
    const before = await fingerprint(t.database.db);
    for (const body of [
      { audience: 'tenant', body: '' },
      { audience: 'tenant', body: '   \n ' },
      { audience: 'tenant', body: 'x'.repeat(1001) },
      { audience: 'tenant', body: 'a\u0000b' },
      { audience: 'route', body: 'senza percorso' },
      { audience: 'team', team_id: a.teamId, game_id: a.gameId, body: 'due squadre' },
      { audience: 'tenant', body: 'troppo presto', send_at: new Date(T0 - 1000).toISOString() },
    ]) {
      const res = await send(body);
      expect(res.statusCode, JSON.stringify(body).slice(0, 80)).toBe(400);
    }
    expect((await write(a, ' ')).statusCode).toBe(400);
    expect((await write(a, 'y'.repeat(1001))).statusCode).toBe(400);
    expect(await fingerprint(t.database.db)).toBe(before);

    const script = '<script>alert(1)</script> <b>grassetto</b>';
    const message = await sent({ audience: 'team', team_id: a.teamId, body: script });
    expect(message.body).toBe(script);
    expect((await inbox(a)).messages.find((m) => m.id === message.id)?.body).toBe(script);
  });

  it('applies a retried send once', async () => {
    const actionId = randomUUID();
    const body = { action_id: actionId, audience: 'tenant', body: 'Una volta sola' };
    const first = await as(admin, 'POST', urlOf(staffMessages.send, { slug }), body);
    const again = await as(admin, 'POST', urlOf(staffMessages.send, { slug }), body);
    expect(again.json<StaffMessage>().id).toBe(first.json<StaffMessage>().id);
    const bodies = (await inbox(a)).messages.filter((m) => m.body === 'Una volta sola');
    expect(bodies).toHaveLength(1);
  });

  it('keeps a private thread between a team and the staff: unread for staff, answered, no other team reads it', async () => {
    const reader = await streamOf(b, {}, `?after=${(await inbox(b)).messages.at(-1)!.seq}`);
    const asked = await write(a, 'Siamo bloccati alla tappa 3');
    expect(asked.statusCode, asked.body).toBe(200);
    const line = asked.json<PlayerMessage>();
    expect(line).toMatchObject({ kind: 'thread', author: 'team' });
    expect(line.read_at).not.toBeNull();

    let threads = (
      await as(manager, 'GET', urlOf(staffMessages.threads, { slug }))
    ).json<Threads>();
    const mine = threads.threads.find((thread) => thread.team_id === a.teamId)!;
    expect(mine).toMatchObject({ unread: 1, answered: false, team_name: 'Aquile' });
    expect(threads.unread).toBe(1);
    const board = (
      await as(admin, 'GET', urlOf(staffMessages.board, { slug }))
    ).json<MessageBoard>();
    expect(board.unanswered.map((thread) => thread.team_id)).toContain(a.teamId);
    expect(board.unread).toBe(1);

    const opened = (
      await as(manager, 'GET', urlOf(staffMessages.thread, { slug, teamId: a.teamId }))
    ).json<Thread>();
    expect(opened.lines.map((l) => [l.author, l.body])).toEqual([
      ['team', 'Siamo bloccati alla tappa 3'],
    ]);
    threads = (await as(manager, 'GET', urlOf(staffMessages.threads, { slug }))).json<Threads>();
    expect(threads.unread).toBe(0);

    const streamA = await streamOf(a, {}, `?after=${line.seq}`);
    const reply = await as(
      manager,
      'POST',
      urlOf(staffMessages.reply, { slug, teamId: a.teamId }),
      {
        action_id: randomUUID(),
        body: 'Guardate dietro la fontana',
      },
    );
    expect(reply.statusCode, reply.body).toBe(200);
    const [answer] = await waitForMessages(streamA, 1);
    expect(answer).toMatchObject({
      author: 'staff',
      kind: 'thread',
      body: 'Guardate dietro la fontana',
    });
    streamA.close();
    threads = (await as(manager, 'GET', urlOf(staffMessages.threads, { slug }))).json<Threads>();
    expect(threads.threads.find((thread) => thread.team_id === a.teamId)?.answered).toBe(true);

    // Team B heard none of it: not on its stream, not in its inbox.
    const bodiesOfB = (await inbox(b)).messages.map((m) => m.body);
    expect(bodiesOfB).not.toContain('Siamo bloccati alla tappa 3');
    expect(bodiesOfB).not.toContain('Guardate dietro la fontana');
    expect(pushed(reader)).toEqual([]);
    reader.close();

    // Another tenant's staff finds neither the threads nor the team.
    for (const url of [
      urlOf(staffMessages.threads, { slug }),
      urlOf(staffMessages.thread, { slug, teamId: a.teamId }),
      urlOf(staffMessages.board, { slug }),
    ]) {
      expect((await as(foreignAdmin, 'GET', url)).statusCode).toBe(404);
    }
    // A team cannot reach the staff's side, nor another team's stream.
    expect(
      (
        await call(t.app, a.cookie(), {
          method: 'GET',
          url: urlOf(staffMessages.threads, { slug }),
        })
      ).statusCode,
    ).toBe(401);
  });

  it(`lets a team write ${TEAM_MESSAGE_LIMIT.count} lines in ${TEAM_MESSAGE_LIMIT.windowMs / 60_000} minutes, then refuses with the wait`, async () => {
    const c = await team('Delfini');
    const actionIds: ReturnType<typeof randomUUID>[] = [];
    for (let n = 0; n < TEAM_MESSAGE_LIMIT.count; n += 1) {
      const actionId = randomUUID();
      actionIds.push(actionId);
      expect((await write(c, `riga ${n}`, actionId)).statusCode).toBe(200);
      clock.advance(10_000);
    }
    const refused = await write(c, 'una di troppo');
    expect(refused.statusCode).toBe(429);
    const error = refused.json<{ error: { code: string; params: { retry_after_s: number } } }>()
      .error;
    expect(error.code).toBe('message_rate_limited');
    // The first line leaves the window 10 minutes after it was written: 100 s have passed.
    expect(error.params.retry_after_s).toBe(500);
    // A retry of a line already written is answered, not counted.
    expect((await write(c, 'riga 0', actionIds[0])).statusCode).toBe(200);
    clock.advance(500_000);
    expect((await write(c, 'di nuovo')).statusCode).toBe(200);
  });

  it('schedules a message: nothing before its time, sent within the poll after it; a scheduled one can be cancelled until it goes', async () => {
    const reader = await streamOf(a, {}, `?after=${(await inbox(a)).messages.at(-1)!.seq}`);
    const sendAt = new Date(clock.nowMs() + 60_000).toISOString();
    const scheduled = await sent({ audience: 'tenant', body: 'Tra un minuto', send_at: sendAt });
    expect(scheduled).toMatchObject({ sent_at: null, send_at: sendAt });
    const cancelled = await sent({ audience: 'tenant', body: 'Annullato', send_at: sendAt });
    const cancel = await as(
      admin,
      'DELETE',
      urlOf(staffMessages.cancel, { slug, messageId: cancelled.id }),
    );
    expect(cancel.json<StaffMessage>().cancelled_at).not.toBeNull();

    clock.advance(58_000);
    await t.app.messages.schedule.idle();
    expect((await inbox(a)).messages.map((m) => m.body)).not.toContain('Tra un minuto');
    // Every instance looks every 2 s: within two more seconds it went.
    clock.advance(2_000);
    await t.app.messages.schedule.idle();
    const [got] = await waitForMessages(reader, 1);
    expect(got!.body).toBe('Tra un minuto');
    expect(Date.parse(got!.sent_at) - Date.parse(sendAt)).toBeGreaterThanOrEqual(0);
    expect(Date.parse(got!.sent_at) - Date.parse(sendAt)).toBeLessThanOrEqual(2_000);
    reader.close();
    const page = (
      await as(admin, 'GET', urlOf(staffMessages.list, { slug }))
    ).json<StaffMessagesPage>();
    expect(page.messages.find((m) => m.id === scheduled.id)?.sent_at).not.toBeNull();
    expect(page.messages.find((m) => m.id === cancelled.id)?.sent_at).toBeNull();
    expect((await inbox(a)).messages.map((m) => m.body)).not.toContain('Annullato');
    const late = await as(
      admin,
      'DELETE',
      urlOf(staffMessages.cancel, { slug, messageId: scheduled.id }),
    );
    expect(late.json<{ error: { code: string } }>().error.code).toBe('message_already_sent');
  });

  it('resumes a dropped phone after Last-Event-ID six times and across a restart: every message once, in order', async () => {
    const start = (await inbox(a)).messages.at(-1)!.seq;
    const shown = new Map<number, string>();
    const order: number[] = [];
    let lastId = String(start);
    const take = (reader: EventStreamReader) => {
      for (const message of pushed(reader)) {
        order.push(message.seq);
        shown.set(message.seq, message.body);
        lastId = message.id!;
      }
    };
    let n = 0;
    for (let cycle = 0; cycle < 6; cycle += 1) {
      // Connected: one message arrives live.
      const reader = await streamOf(a, { 'last-event-id': lastId });
      await sent({ audience: 'tenant', body: `m${(n += 1)}` });
      await waitForMessages(reader, cycle === 0 ? 1 : 3);
      take(reader);
      reader.close();
      await reader.ended;
      // In a dead zone: two more are sent; the next connection asks after the last it saw.
      await sent({ audience: 'tenant', body: `m${(n += 1)}` });
      await sent({ audience: 'tenant', body: `m${(n += 1)}` });
    }
    // The server restarts (a scheduled message came due while it was down), the phone comes back.
    await sent({
      audience: 'tenant',
      body: `m${(n += 1)}`,
      send_at: new Date(clock.nowMs() + 30_000).toISOString(),
    });
    await t.close();
    clock.advance(30_000);
    await openApp();
    await t.app.messages.schedule.idle();
    const back = await streamOf(a, { 'last-event-id': lastId });
    await sent({ audience: 'tenant', body: `m${(n += 1)}` });
    await waitForMessages(back, 4);
    take(back);
    back.close();

    expect([...shown.values()]).toEqual(Array.from({ length: n }, (_, i) => `m${i + 1}`));
    expect(order).toEqual([...order].sort((x, y) => x - y));
    expect(new Set(order).size).toBe(order.length);
  });
});
