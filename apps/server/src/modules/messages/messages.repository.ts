import type { MessageAudience, MessageAuthor, MessageKind } from '@tappa/domain';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/db';
import { statementsOf } from '../../db/rows';
import { PLATFORM_SCOPE, type TenantScope } from '../../db/scope';

// The statements of messages (decision 0084). Hand-written SQL with the tenant's condition in
// each: sending takes the tenant's counter row first, whose lock orders the tenant's sends by
// commit. Time stamps come back as milliseconds and sequences as float8, the same on both drivers.

const ms = (column: SQL) => sql`floor(extract(epoch from ${column}) * 1000)::float8`;

/** A message of a team's feed, as the phone gets it (before it is presented). */
export interface FeedRow {
  id: string;
  seq: number;
  kind: MessageKind;
  author: MessageAuthor;
  body: string;
  read_confirmation: boolean;
  sent_ms: number;
  read_ms: number | null;
}

const FEED_COLUMNS = sql`m.id, m.seq::float8 as seq, m.kind, m.author, m.body,
  m.read_confirmation, ${ms(sql`m.sent_at`)} as sent_ms`;

/** The registration id of the tenant's team of `email`, or null (not registered yet). */
export async function findTeamId(db: Db, scope: TenantScope, email: string) {
  const [row] = await db
    .scoped(scope)
    .execute<{ id: string }>(
      sql`select id from team_registrations where tenant_id = ${scope.tenantId} and email = ${email}`,
    );
  return row?.id ?? null;
}

/** The tenant's team `teamId` with its name, or null. */
export async function findTeam(db: Db, scope: TenantScope, teamId: string) {
  const [row] = await db.scoped(scope).execute<{ id: string; name: string }>(
    sql`select id, team_name as name from team_registrations
    where tenant_id = ${scope.tenantId} and id = ${teamId}`,
  );
  return row ?? null;
}

/** The registration id of the team playing the tenant's game `gameId`, or null. */
export async function findTeamOfGame(db: Db, scope: TenantScope, gameId: string) {
  const [row] = await db.scoped(scope).execute<{ id: string }>(
    sql`select tr.id from games g
    join team_registrations tr on tr.tenant_id = g.tenant_id and tr.email = g.owner_email
    where g.tenant_id = ${scope.tenantId} and g.id = ${gameId}`,
  );
  return row?.id ?? null;
}

/**
 * The team's feed after `after` (and up to `upTo` when given), oldest first, at most `limit`
 * messages (the newest ones when there are more).
 */
export async function readFeed(
  db: Db,
  scope: TenantScope,
  opts: { teamId: string; after: number; upTo?: number; limit: number },
): Promise<FeedRow[]> {
  const rows = await db.scoped(scope).execute<FeedRow>(
    sql`select * from (
      select ${FEED_COLUMNS}, ${ms(sql`d.read_at`)} as read_ms
      from message_deliveries d join messages m on m.id = d.message_id
      where d.tenant_id = ${scope.tenantId} and d.team_id = ${opts.teamId}
        and d.seq > ${opts.after}
        ${opts.upTo === undefined ? sql`` : sql`and d.seq <= ${opts.upTo}`}
      order by d.seq desc limit ${opts.limit}) feed
    order by seq`,
  );
  return rows;
}

/** The message `messageId` of the team's feed, or null. */
export async function findFeedMessage(
  db: Db,
  scope: TenantScope,
  opts: { teamId: string; messageId: string },
): Promise<FeedRow | null> {
  const [row] = await db.scoped(scope).execute<FeedRow>(
    sql`select ${FEED_COLUMNS}, ${ms(sql`d.read_at`)} as read_ms
    from message_deliveries d join messages m on m.id = d.message_id
    where d.tenant_id = ${scope.tenantId} and d.team_id = ${opts.teamId}
      and d.message_id = ${opts.messageId}`,
  );
  return row ?? null;
}

/** How many messages from the staff the team has not read. */
export async function countUnread(db: Db, scope: TenantScope, teamId: string): Promise<number> {
  const [row] = await db.scoped(scope).execute<{ n: number }>(
    sql`select count(*)::int as n from message_deliveries d join messages m on m.id = d.message_id
    where d.tenant_id = ${scope.tenantId} and d.team_id = ${teamId} and d.read_at is null
      and m.author = 'staff'`,
  );
  return row?.n ?? 0;
}

/** A message sent, with the teams it went to (the phones' push). */
export interface SentRow extends Omit<FeedRow, 'read_ms'> {
  teams: string[];
}

/** The tenant's messages sent after `after`, oldest first, each with its teams. */
export async function readSentAfter(db: Db, scope: TenantScope, after: number): Promise<SentRow[]> {
  return db.scoped(scope).execute<SentRow>(
    sql`select ${FEED_COLUMNS}, array_agg(d.team_id::text) as teams
    from messages m join message_deliveries d on d.message_id = m.id
    where m.tenant_id = ${scope.tenantId} and m.seq > ${after}
    group by m.id order by m.seq`,
  );
}

/** The tenant's last message `seq` (0: none yet). */
export async function lastSeq(db: Db, scope: TenantScope): Promise<number> {
  const [row] = await db.scoped(scope).execute<{ seq: number }>(
    sql`select coalesce(max(seq), 0)::float8 as seq from messages
    where tenant_id = ${scope.tenantId} and seq is not null`,
  );
  return row?.seq ?? 0;
}

/** What a new message is. */
export interface NewMessage {
  kind: MessageKind;
  author: MessageAuthor;
  authorUserId: string | null;
  authorEmail: string | null;
  audience: MessageAudience | null;
  routeId: string | null;
  teamId: string | null;
  body: string;
  readConfirmation: boolean;
  sendAt: Date;
  actionId: string;
  now: Date;
}

/**
 * Writes a message (not sent yet); answers its id, or null when the tenant has a message of
 * that `action_id` already (a retried send).
 */
export async function insertMessage(
  db: Db,
  scope: TenantScope,
  m: NewMessage,
): Promise<string | null> {
  const [row] = await db.scoped(scope).execute<{ id: string }>(
    sql`insert into messages (tenant_id, kind, author, author_user_id, author_email, audience,
      route_id, team_id, body, read_confirmation, send_at, action_id, created_at)
    values (${scope.tenantId}, ${m.kind}, ${m.author}, ${m.authorUserId}, ${m.authorEmail},
      ${m.audience}, ${m.routeId}, ${m.teamId}, ${m.body}, ${m.readConfirmation}, ${m.sendAt},
      ${m.actionId}, ${m.now})
    on conflict (tenant_id, action_id) do nothing
    returning id`,
  );
  return row?.id ?? null;
}

/** The tenant's message of `action_id`: its id, author and team (a retried send finds it). */
export async function findByActionId(db: Db, scope: TenantScope, actionId: string) {
  const [row] = await db.scoped(scope).execute<{
    id: string;
    kind: MessageKind;
    author: MessageAuthor;
    team_id: string | null;
  }>(
    sql`select id, kind, author, team_id from messages
    where tenant_id = ${scope.tenantId} and action_id = ${actionId}`,
  );
  return row ?? null;
}

/**
 * Sends the tenant's message `messageId` if it is still to go (inside a transaction): takes the
 * tenant's next `seq` (the counter's row lock lasts until the commit, so the tenant's messages
 * commit in `seq` order), marks it sent and delivers it to the teams it addresses; a team's own
 * line is received and read by it at once. Answers the `seq`, or null when it was not to go (sent
 * or cancelled meanwhile).
 */
export async function sendMessage(
  tx: Db,
  scope: TenantScope,
  opts: { messageId: string; now: Date },
): Promise<number | null> {
  const q = tx.scoped(scope);
  const [due] = await q.execute<{ id: string }>(
    sql`select id from messages where tenant_id = ${scope.tenantId} and id = ${opts.messageId}
      and sent_at is null and cancelled_at is null
    for update`,
  );
  if (!due) return null;
  const [counter] = await q.execute<{ seq: number }>(
    sql`insert into message_counters (tenant_id, last_seq) values (${scope.tenantId}, 1)
    on conflict (tenant_id) do update set last_seq = message_counters.last_seq + 1
    returning last_seq::float8 as seq`,
  );
  const seq = counter!.seq;
  await q.execute(
    sql`update messages set seq = ${seq}, sent_at = ${opts.now}
    where tenant_id = ${scope.tenantId} and id = ${opts.messageId}`,
  );
  await q.execute(
    sql`insert into message_deliveries (message_id, team_id, tenant_id, seq, received_at, read_at)
    select m.id, tr.id, m.tenant_id, ${seq},
      case when m.author = 'team' then ${opts.now}::timestamptz end,
      case when m.author = 'team' then ${opts.now}::timestamptz end
    from messages m join team_registrations tr on tr.tenant_id = m.tenant_id
    where m.tenant_id = ${scope.tenantId} and m.id = ${opts.messageId} and (
      (m.audience = 'tenant')
      or (m.audience = 'route' and exists (select 1 from games g
        where g.tenant_id = m.tenant_id and g.route_id = m.route_id and g.owner_email = tr.email))
      or ((m.audience = 'team' or m.kind = 'thread') and tr.id = m.team_id))`,
  );
  return seq;
}

/** Messages of every tenant due at `now` and not sent: their ids and tenants, oldest first. */
export async function findDue(db: Db, now: Date, limit: number) {
  return statementsOf(db.unscoped(PLATFORM_SCOPE))<{ id: string; tenant_id: string }>(
    sql`select id, tenant_id from messages
    where sent_at is null and cancelled_at is null and send_at <= ${now}
    order by send_at limit ${limit}`,
  );
}

/**
 * Takes the tenant's message `messageId` to send it, unless another instance holds it (inside a
 * transaction: `for update skip locked`); answers whether it is still to go.
 */
export async function lockDue(db: Db, scope: TenantScope, messageId: string): Promise<boolean> {
  const rows = await db.scoped(scope).execute<{ id: string }>(
    sql`select id from messages where tenant_id = ${scope.tenantId} and id = ${messageId}
      and sent_at is null and cancelled_at is null
    for update skip locked`,
  );
  return rows.length > 0;
}

/** Cancels the tenant's scheduled message; answers whether it was still to go. */
export async function cancelMessage(
  db: Db,
  scope: TenantScope,
  opts: { messageId: string; now: Date },
): Promise<boolean> {
  const rows = await db.scoped(scope).execute<{ id: string }>(
    sql`update messages set cancelled_at = ${opts.now}
    where tenant_id = ${scope.tenantId} and id = ${opts.messageId} and kind = 'announcement'
      and sent_at is null and cancelled_at is null
    returning id`,
  );
  return rows.length > 0;
}

/** An announcement as staff see it (before it is presented). */
export interface StaffMessageRow {
  id: string;
  audience: MessageAudience;
  route_id: string | null;
  route_title: string | null;
  team_id: string | null;
  team_name: string | null;
  body: string;
  read_confirmation: boolean;
  author_email: string | null;
  send_ms: number;
  sent_ms: number | null;
  cancelled_ms: number | null;
  created_ms: number;
  addressed: number;
  received: number;
  read: number;
}

const STAFF_COLUMNS = sql`m.id, m.audience, m.route_id, r.title as route_title, m.team_id,
  tr.team_name, m.body, m.read_confirmation, m.author_email, ${ms(sql`m.send_at`)} as send_ms,
  ${ms(sql`m.sent_at`)} as sent_ms, ${ms(sql`m.cancelled_at`)} as cancelled_ms,
  ${ms(sql`m.created_at`)} as created_ms,
  (select count(*) from message_deliveries d where d.message_id = m.id)::int as addressed,
  (select count(*) from message_deliveries d where d.message_id = m.id
    and d.received_at is not null)::int as received,
  (select count(*) from message_deliveries d where d.message_id = m.id
    and d.read_at is not null)::int as read`;

const STAFF_JOINS = sql`left join routes r on r.id = m.route_id
  left join team_registrations tr on tr.id = m.team_id`;

/** The tenant's announcements, newest written first, before the cursor `before`. */
export async function listAnnouncements(
  db: Db,
  scope: TenantScope,
  opts: { before: { atMs: number; id: string } | null; limit: number },
): Promise<StaffMessageRow[]> {
  const before = opts.before
    ? sql`and (m.created_at, m.id) < (to_timestamp(${opts.before.atMs} / 1000.0), ${opts.before.id}::uuid)`
    : sql``;
  return db.scoped(scope).execute<StaffMessageRow>(
    sql`select ${STAFF_COLUMNS} from messages m ${STAFF_JOINS}
    where m.tenant_id = ${scope.tenantId} and m.kind = 'announcement' ${before}
    order by m.created_at desc, m.id desc limit ${opts.limit}`,
  );
}

/** The tenant's announcement `messageId`, or null. */
export async function findAnnouncement(
  db: Db,
  scope: TenantScope,
  messageId: string,
): Promise<StaffMessageRow | null> {
  const [row] = await db.scoped(scope).execute<StaffMessageRow>(
    sql`select ${STAFF_COLUMNS} from messages m ${STAFF_JOINS}
    where m.tenant_id = ${scope.tenantId} and m.id = ${messageId} and m.kind = 'announcement'`,
  );
  return row ?? null;
}

/** The teams a message went to, those that have not read it first, then by name. */
export async function listRecipients(db: Db, scope: TenantScope, messageId: string) {
  return db.scoped(scope).execute<{
    team_id: string;
    team_name: string;
    received_ms: number | null;
    read_ms: number | null;
  }>(
    sql`select d.team_id, tr.team_name, ${ms(sql`d.received_at`)} as received_ms,
      ${ms(sql`d.read_at`)} as read_ms
    from message_deliveries d join team_registrations tr on tr.id = d.team_id
    where d.tenant_id = ${scope.tenantId} and d.message_id = ${messageId}
    order by d.read_at is not null, d.received_at is not null, tr.team_name, d.team_id`,
  );
}

/** A thread in the staff's list (before it is presented). */
export interface ThreadRow {
  team_id: string;
  team_name: string;
  last_author: MessageAuthor;
  last_body: string;
  last_ms: number;
  unread: number;
}

/** The tenant's threads, the latest line first (at most `limit`; `unanswered`: waiting only). */
export async function listThreads(
  db: Db,
  scope: TenantScope,
  opts: { limit: number; unanswered?: boolean },
): Promise<ThreadRow[]> {
  return db.scoped(scope).execute<ThreadRow>(
    sql`select * from (
      select distinct on (m.team_id) m.team_id, tr.team_name, m.author as last_author,
        m.body as last_body, ${ms(sql`m.sent_at`)} as last_ms,
        (select count(*) from messages u where u.tenant_id = m.tenant_id
          and u.team_id = m.team_id and u.kind = 'thread' and u.author = 'team'
          and u.staff_read_at is null)::int as unread
      from messages m join team_registrations tr on tr.id = m.team_id
      where m.tenant_id = ${scope.tenantId} and m.kind = 'thread' and m.sent_at is not null
      order by m.team_id, m.seq desc) t
    ${opts.unanswered ? sql`where last_author = 'team'` : sql``}
    order by last_ms desc, team_id limit ${opts.limit}`,
  );
}

/** How many of the teams' lines no one of the staff has opened. */
export async function countStaffUnread(db: Db, scope: TenantScope): Promise<number> {
  const [row] = await db.scoped(scope).execute<{ n: number }>(
    sql`select count(*)::int as n from messages where tenant_id = ${scope.tenantId}
      and kind = 'thread' and author = 'team' and staff_read_at is null`,
  );
  return row?.n ?? 0;
}

/** A line of a thread as staff see it (before it is presented). */
export interface ThreadLineRow {
  id: string;
  author: MessageAuthor;
  author_email: string | null;
  body: string;
  sent_ms: number;
  read_ms: number | null;
}

/** The lines of the team's thread, oldest first. */
export async function readThread(
  db: Db,
  scope: TenantScope,
  teamId: string,
): Promise<ThreadLineRow[]> {
  return db.scoped(scope).execute<ThreadLineRow>(
    sql`select m.id, m.author, m.author_email, m.body, ${ms(sql`m.sent_at`)} as sent_ms,
      case when m.author = 'team' then ${ms(sql`m.staff_read_at`)}
        else ${ms(sql`d.read_at`)} end as read_ms
    from messages m left join message_deliveries d on d.message_id = m.id and d.team_id = m.team_id
    where m.tenant_id = ${scope.tenantId} and m.team_id = ${teamId} and m.kind = 'thread'
      and m.sent_at is not null
    order by m.seq`,
  );
}

/** Marks the team's lines read by the staff; answers how many were unread. */
export async function markThreadRead(
  db: Db,
  scope: TenantScope,
  opts: { teamId: string; now: Date },
): Promise<number> {
  const rows = await db.scoped(scope).execute<{ id: string }>(
    sql`update messages set staff_read_at = ${opts.now}
    where tenant_id = ${scope.tenantId} and team_id = ${opts.teamId} and kind = 'thread'
      and author = 'team' and staff_read_at is null
    returning id`,
  );
  return rows.length;
}

/** Locks the tenant's team row until the end of the transaction (its lines one at a time). */
export async function lockTeam(db: Db, scope: TenantScope, teamId: string): Promise<void> {
  await db.scoped(scope).execute(
    sql`select id from team_registrations where tenant_id = ${scope.tenantId} and id = ${teamId}
    for update`,
  );
}

/** How many lines the team wrote since `since`, and the oldest of them (the rate limit). */
export async function countTeamLines(
  db: Db,
  scope: TenantScope,
  opts: { teamId: string; since: Date },
) {
  const [row] = await db.scoped(scope).execute<{ n: number; oldest_ms: number | null }>(
    sql`select count(*)::int as n, ${ms(sql`min(send_at)`)} as oldest_ms from messages
    where tenant_id = ${scope.tenantId} and team_id = ${opts.teamId} and kind = 'thread'
      and author = 'team' and send_at > ${opts.since}`,
  );
  return { count: row?.n ?? 0, oldestMs: row?.oldest_ms ?? null };
}

/** The team has its feed up to `through`; answers how many deliveries changed. */
export async function markReceived(
  db: Db,
  scope: TenantScope,
  opts: { teamId: string; through: number; now: Date },
): Promise<number> {
  const rows = await db.scoped(scope).execute<{ seq: number }>(
    sql`update message_deliveries set received_at = ${opts.now}
    where tenant_id = ${scope.tenantId} and team_id = ${opts.teamId} and seq <= ${opts.through}
      and received_at is null
    returning seq::float8 as seq`,
  );
  return rows.length;
}

/** The team read these messages (received too); answers how many deliveries changed. */
export async function markRead(
  db: Db,
  scope: TenantScope,
  opts: { teamId: string; messageIds: readonly string[]; now: Date },
): Promise<number> {
  const rows = await db.scoped(scope).execute<{ seq: number }>(
    sql`update message_deliveries set read_at = ${opts.now},
      received_at = coalesce(received_at, ${opts.now})
    where tenant_id = ${scope.tenantId} and team_id = ${opts.teamId}
      and message_id in (${sql.join(
        opts.messageIds.map((id) => sql`${id}::uuid`),
        sql`, `,
      )})
      and read_at is null
    returning seq::float8 as seq`,
  );
  return rows.length;
}

/** The team's feed for its records: every message and line, oldest first. */
export function wholeFeed(db: Db, scope: TenantScope, teamId: string): Promise<FeedRow[]> {
  return readFeed(db, scope, { teamId, after: 0, limit: 100_000 });
}

/**
 * Deletes the team's thread and its deliveries (an erasure; the announcements stay for the
 * other teams); answers how many lines of the thread went.
 */
export async function deleteTeamMessages(
  db: Db,
  scope: TenantScope,
  teamId: string,
): Promise<number> {
  const q = db.scoped(scope);
  await q.execute(
    sql`delete from message_deliveries where tenant_id = ${scope.tenantId} and team_id = ${teamId}`,
  );
  const rows = await q.execute<{ id: string }>(
    sql`delete from messages where tenant_id = ${scope.tenantId} and team_id = ${teamId}
      and kind = 'thread'
    returning id`,
  );
  return rows.length;
}
