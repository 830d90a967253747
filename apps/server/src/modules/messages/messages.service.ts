import {
  MESSAGE_BOARD_SIZE,
  type MessageBoard,
  type MessageRecipients,
  type PlayerInbox,
  type PlayerMessage,
  type SendMessageRequestSchema,
  type StaffMessage,
  type StaffMessagesPage,
  type Thread,
  type ThreadLine,
  type Threads,
  type ThreadSummary,
} from '@tappa/contracts';
import { TEAM_MESSAGE_LIMIT } from '@tappa/domain';
import type { z } from 'zod';
import type { Db } from '../../db/db';
import type { TenantScope } from '../../db/scope';
import { AppError } from '../../errors';
import { type AuditActor, recordAudit } from '../audit/audit.service';
import { requireRoute } from '../routes/routes.service';
import {
  cancelMessage,
  countStaffUnread,
  countTeamLines,
  countUnread,
  type FeedRow,
  findAnnouncement,
  findByActionId,
  findFeedMessage,
  findTeam,
  findTeamId,
  findTeamOfGame,
  insertMessage,
  listAnnouncements,
  listRecipients,
  listThreads,
  lockTeam,
  markRead,
  markReceived,
  markThreadRead,
  type NewMessage,
  readFeed,
  readThread,
  sendMessage,
  type StaffMessageRow,
  type ThreadRow,
  deleteTeamMessages,
  wholeFeed,
} from './messages.repository';

// Messages during the event (issue 35, decision 0084): what the staff and the teams do with
// them. Every function is bound to the caller's tenant; a team's to its own registration.

/** The most messages the phone's inbox answers (the newest; a team gets far fewer). */
export const INBOX_LIMIT = 500;
/** Announcements per page of the staff's list. */
const PAGE_SIZE = 30;
/** The most threads the staff's list answers, latest first. */
const THREADS_LIMIT = 200;

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

/** A feed row as the phone shows it. */
export function playerMessage(row: Omit<FeedRow, 'read_ms'>, readMs: number | null): PlayerMessage {
  return {
    id: row.id,
    seq: row.seq,
    kind: row.kind,
    author: row.author,
    body: row.body,
    read_confirmation: row.read_confirmation,
    sent_at: new Date(row.sent_ms).toISOString(),
    read_at: iso(readMs),
  };
}

/** The team (registration id) of a player, or 404 `team_not_found` before it registered. */
export async function teamOf(db: Db, scope: TenantScope, email: string): Promise<string> {
  const teamId = await findTeamId(db, scope, email);
  if (!teamId) throw new AppError('team_not_found');
  return teamId;
}

// --- The team's side -------------------------------------------------------------------------

/** The team's whole feed, oldest first, and its unread count (empty before it registered). */
export async function readInbox(db: Db, scope: TenantScope, email: string): Promise<PlayerInbox> {
  const teamId = await findTeamId(db, scope, email);
  if (!teamId) return { messages: [], unread: 0 };
  const [rows, unread] = await Promise.all([
    readFeed(db, scope, { teamId, after: 0, limit: INBOX_LIMIT }),
    countUnread(db, scope, teamId),
  ]);
  return { messages: rows.map((row) => playerMessage(row, row.read_ms)), unread };
}

/** What a write of the staff or a team needs: the database, who, when. */
export interface MessageContext {
  db: Db;
  now: Date;
}

/**
 * Writes the message and sends it at once unless it is for later (inside the caller's
 * transaction `tx`); a retried `action_id` answers the message it made (`sameSender` checks it
 * is the caller's). Answers the message's id and whether this call wrote it (false: a retry).
 */
async function writeAndSend(
  tx: Db,
  scope: TenantScope,
  message: NewMessage,
  sameSender: (found: { kind: string; author: string; team_id: string | null }) => boolean,
  inside?: (id: string) => Promise<void>,
): Promise<{ id: string; isNew: boolean }> {
  const id = await insertMessage(tx, scope, message);
  if (id === null) {
    const found = await findByActionId(tx, scope, message.actionId);
    if (!found || !sameSender(found)) throw new AppError('message_not_found');
    return { id: found.id, isNew: false };
  }
  if (message.sendAt <= message.now)
    await sendMessage(tx, scope, { messageId: id, now: message.now });
  await inside?.(id);
  return { id, isNew: true };
}

/**
 * A team's line to the organiser: at most TEAM_MESSAGE_LIMIT.count in its window (counted from
 * the lines stored, so every instance agrees), else 429 `message_rate_limited`.
 */
export async function writeTeamLine(
  ctx: MessageContext,
  scope: TenantScope,
  opts: { email: string; actionId: string; body: string },
): Promise<{ message: PlayerMessage; isNew: boolean }> {
  const teamId = await teamOf(ctx.db, scope, opts.email);
  const { id, isNew } = await ctx.db.transaction(async (tx) => {
    // One line of the team at a time: the count below holds until the commit.
    await lockTeam(tx, scope, teamId);
    const retried = await findByActionId(tx, scope, opts.actionId);
    if (!retried) {
      const since = new Date(ctx.now.getTime() - TEAM_MESSAGE_LIMIT.windowMs);
      const lines = await countTeamLines(tx, scope, { teamId, since });
      if (lines.count >= TEAM_MESSAGE_LIMIT.count) {
        const freeMs = (lines.oldestMs ?? ctx.now.getTime()) + TEAM_MESSAGE_LIMIT.windowMs;
        throw new AppError('message_rate_limited', {
          retry_after_s: Math.max(1, Math.ceil((freeMs - ctx.now.getTime()) / 1000)),
        });
      }
    }
    return writeAndSend(
      tx,
      scope,
      teamLine(teamId, opts, ctx.now),
      (found) => found.kind === 'thread' && found.author === 'team' && found.team_id === teamId,
    );
  });
  const row = await findFeedMessage(ctx.db, scope, { teamId, messageId: id });
  return { message: playerMessage(row!, row!.read_ms), isNew };
}

const teamLine = (
  teamId: string,
  opts: { actionId: string; body: string },
  now: Date,
): NewMessage => ({
  kind: 'thread',
  author: 'team',
  authorUserId: null,
  authorEmail: null,
  audience: null,
  routeId: null,
  teamId,
  body: opts.body,
  readConfirmation: false,
  sendAt: now,
  actionId: opts.actionId,
  now,
});

/** The phone has the team's feed up to `through`. */
export async function receivedThrough(
  ctx: MessageContext,
  scope: TenantScope,
  opts: { email: string; through: number },
): Promise<number> {
  const teamId = await teamOf(ctx.db, scope, opts.email);
  return markReceived(ctx.db, scope, { teamId, through: opts.through, now: ctx.now });
}

/** The team read these messages (others' ids change nothing). */
export async function readMessages(
  ctx: MessageContext,
  scope: TenantScope,
  opts: { email: string; messageIds: readonly string[] },
): Promise<number> {
  const teamId = await teamOf(ctx.db, scope, opts.email);
  return markRead(ctx.db, scope, { teamId, messageIds: opts.messageIds, now: ctx.now });
}

// --- A team's records (decision 0034) --------------------------------------------------------

/** The team's messages for its detail: its whole feed, oldest first. */
export async function teamMessages(
  db: Db,
  scope: TenantScope,
  teamId: string,
): Promise<PlayerMessage[]> {
  const rows = await wholeFeed(db, scope, teamId);
  return rows.map((row) => playerMessage(row, row.read_ms));
}

/** Erases the team's thread and deliveries (inside the erasure's transaction): lines removed. */
export function eraseTeamMessages(tx: Db, scope: TenantScope, teamId: string): Promise<number> {
  return deleteTeamMessages(tx, scope, teamId);
}

// --- The staff's side ------------------------------------------------------------------------

/** An announcement as staff see it. */
function staffMessage(row: StaffMessageRow): StaffMessage {
  return {
    id: row.id,
    audience: row.audience,
    route: row.route_id ? { id: row.route_id, title: row.route_title ?? '' } : null,
    team: row.team_id ? { id: row.team_id, name: row.team_name ?? '' } : null,
    body: row.body,
    read_confirmation: row.read_confirmation,
    author_email: row.author_email,
    send_at: new Date(row.send_ms).toISOString(),
    sent_at: iso(row.sent_ms),
    cancelled_at: iso(row.cancelled_ms),
    created_at: new Date(row.created_ms).toISOString(),
    counts: { addressed: row.addressed, received: row.received, read: row.read },
  };
}

/** The tenant's announcement, or 404 `message_not_found`. */
async function announcement(db: Db, scope: TenantScope, messageId: string) {
  const row = await findAnnouncement(db, scope, messageId);
  if (!row) throw new AppError('message_not_found');
  return staffMessage(row);
}

/** Who an announcement goes to: its route or team checked to be the tenant's. */
async function addressee(db: Db, scope: TenantScope, request: SendRequest) {
  if (request.audience === 'route') {
    const route = await requireRoute(db, scope, request.route_id!);
    return { routeId: route.id, teamId: null };
  }
  if (request.audience === 'team') {
    const teamId = request.team_id
      ? (await findTeam(db, scope, request.team_id))?.id
      : await findTeamOfGame(db, scope, request.game_id!);
    if (!teamId) throw new AppError('team_not_found');
    return { routeId: null, teamId };
  }
  return { routeId: null, teamId: null };
}

type SendRequest = z.output<typeof SendMessageRequestSchema>;

/**
 * Sends an announcement now, or schedules it at `send_at` (in the future, else 400
 * `message_send_at_past`); audited in its transaction. Answers the message and whether it went
 * now (its phones are to be told).
 */
export async function sendAnnouncement(
  ctx: MessageContext & { actor: AuditActor },
  scope: TenantScope,
  request: SendRequest,
): Promise<{ message: StaffMessage; sentNow: boolean }> {
  const sendAt = request.send_at ? new Date(request.send_at) : ctx.now;
  if (request.send_at && sendAt <= ctx.now) throw new AppError('message_send_at_past');
  const { routeId, teamId } = await addressee(ctx.db, scope, request);
  const { id, isNew } = await ctx.db.transaction((tx) =>
    writeAndSend(
      tx,
      scope,
      {
        kind: 'announcement',
        author: 'staff',
        authorUserId: ctx.actor.userId,
        authorEmail: ctx.actor.email,
        audience: request.audience,
        routeId,
        teamId,
        body: request.body,
        readConfirmation: request.read_confirmation,
        sendAt,
        actionId: request.action_id,
        now: ctx.now,
      },
      (found) => found.kind === 'announcement',
      (messageId) =>
        recordAudit(tx, {
          actor: ctx.actor,
          action: request.send_at ? 'message.schedule' : 'message.send',
          target: { id: messageId, label: request.body.slice(0, 80) },
          details: {
            audience: request.audience,
            route_id: routeId,
            team_id: teamId,
            read_confirmation: request.read_confirmation,
            send_at: sendAt.toISOString(),
          },
          now: ctx.now,
        }),
    ),
  );
  const message = await announcement(ctx.db, scope, id);
  return { message, sentNow: isNew && message.sent_at !== null };
}

/** Cancels a scheduled announcement (audited); 409 `message_already_sent` once it went. */
export async function cancelAnnouncement(
  ctx: MessageContext & { actor: AuditActor },
  scope: TenantScope,
  messageId: string,
): Promise<StaffMessage> {
  const existing = await announcement(ctx.db, scope, messageId);
  if (existing.cancelled_at) return existing;
  await ctx.db.transaction(async (tx) => {
    if (!(await cancelMessage(tx, scope, { messageId, now: ctx.now }))) {
      throw new AppError('message_already_sent');
    }
    await recordAudit(tx, {
      actor: ctx.actor,
      action: 'message.cancel',
      target: { id: messageId, label: existing.body.slice(0, 80) },
      now: ctx.now,
    });
  });
  return announcement(ctx.db, scope, messageId);
}

/** The tenant's announcements, newest written first, a page after `cursor`. */
export async function listMessages(
  db: Db,
  scope: TenantScope,
  cursor: string | undefined,
): Promise<StaffMessagesPage> {
  const rows = await listAnnouncements(db, scope, {
    before: cursor ? parseCursor(cursor) : null,
    limit: PAGE_SIZE + 1,
  });
  const page = rows.slice(0, PAGE_SIZE);
  const last = page.at(-1);
  return {
    messages: page.map(staffMessage),
    next_cursor: rows.length > PAGE_SIZE && last ? `${last.created_ms}.${last.id}` : null,
  };
}

/** A page cursor `<ms>.<uuid>`, else 400 `bad_request`. */
function parseCursor(cursor: string): { atMs: number; id: string } {
  const match = /^(\d{1,15})\.([0-9a-f-]{36})$/.exec(cursor);
  if (!match) throw new AppError('bad_request');
  return { atMs: Number(match[1]), id: match[2]! };
}

/** An announcement's teams: those that have not read it first. */
export async function readRecipients(
  db: Db,
  scope: TenantScope,
  messageId: string,
): Promise<MessageRecipients> {
  const message = await announcement(db, scope, messageId);
  const rows = await listRecipients(db, scope, messageId);
  return {
    message,
    recipients: rows.map((row) => ({
      team_id: row.team_id,
      team_name: row.team_name,
      received_at: iso(row.received_ms),
      read_at: iso(row.read_ms),
    })),
  };
}

const threadSummary = (row: ThreadRow): ThreadSummary => ({
  team_id: row.team_id,
  team_name: row.team_name,
  last: {
    author: row.last_author,
    body: row.last_body,
    sent_at: new Date(row.last_ms).toISOString(),
  },
  unread: row.unread,
  answered: row.last_author === 'staff',
});

/** The tenant's threads, the latest line first, and the unread lines in all. */
export async function readThreads(db: Db, scope: TenantScope): Promise<Threads> {
  const [rows, unread] = await Promise.all([
    listThreads(db, scope, { limit: THREADS_LIMIT }),
    countStaffUnread(db, scope),
  ]);
  return { threads: rows.map(threadSummary), unread };
}

/** The tenant's team, or 404 `team_not_found`. */
async function teamById(db: Db, scope: TenantScope, teamId: string) {
  const team = await findTeam(db, scope, teamId);
  if (!team) throw new AppError('team_not_found');
  return team;
}

/** A team's thread, oldest first; its lines are read by the staff from now (true: some were not). */
export async function openThread(
  ctx: MessageContext,
  scope: TenantScope,
  teamId: string,
): Promise<{ thread: Thread; marked: boolean }> {
  const team = await teamById(ctx.db, scope, teamId);
  const marked = (await markThreadRead(ctx.db, scope, { teamId, now: ctx.now })) > 0;
  const lines = await readThread(ctx.db, scope, teamId);
  return { thread: { team, lines: lines.map(threadLine) }, marked };
}

const threadLine = (row: {
  id: string;
  author: 'staff' | 'team';
  author_email: string | null;
  body: string;
  sent_ms: number;
  read_ms: number | null;
}): ThreadLine => ({
  id: row.id,
  author: row.author,
  author_email: row.author_email,
  body: row.body,
  sent_at: new Date(row.sent_ms).toISOString(),
  read_at: iso(row.read_ms),
});

/** The staff's answer in a team's thread (audited); the team's lines count as read. */
export async function replyInThread(
  ctx: MessageContext & { actor: AuditActor },
  scope: TenantScope,
  opts: { teamId: string; actionId: string; body: string },
): Promise<{ line: ThreadLine; isNew: boolean }> {
  const team = await teamById(ctx.db, scope, opts.teamId);
  const { id, isNew } = await ctx.db.transaction((tx) =>
    writeAndSend(
      tx,
      scope,
      {
        kind: 'thread',
        author: 'staff',
        authorUserId: ctx.actor.userId,
        authorEmail: ctx.actor.email,
        audience: null,
        routeId: null,
        teamId: team.id,
        body: opts.body,
        readConfirmation: false,
        sendAt: ctx.now,
        actionId: opts.actionId,
        now: ctx.now,
      },
      (found) => found.kind === 'thread' && found.author === 'staff' && found.team_id === team.id,
      async (messageId) => {
        await markThreadRead(tx, scope, { teamId: team.id, now: ctx.now });
        await recordAudit(tx, {
          actor: ctx.actor,
          action: 'message.reply',
          target: { id: messageId, label: team.name },
          details: { team_id: team.id },
          now: ctx.now,
        });
      },
    ),
  );
  const line = (await readThread(ctx.db, scope, team.id)).find((row) => row.id === id)!;
  return { line: threadLine(line), isNew };
}

/** The message board: the latest announcements, the unanswered threads, the unread lines. */
export async function readBoard(db: Db, scope: TenantScope): Promise<MessageBoard> {
  const [latest, unanswered, unread] = await Promise.all([
    listAnnouncements(db, scope, { before: null, limit: MESSAGE_BOARD_SIZE }),
    listThreads(db, scope, { limit: MESSAGE_BOARD_SIZE, unanswered: true }),
    countStaffUnread(db, scope),
  ]);
  return {
    latest: latest.map(staffMessage),
    unanswered: unanswered.map(threadSummary),
    unread,
  };
}
