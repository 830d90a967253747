import { MESSAGE_AUDIENCES, MESSAGE_AUTHORS, MESSAGE_KINDS } from '@tappa/domain';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, id, timestamptz } from './columns';
import { teamRegistrations } from './players';
import { routes } from './routes';
import { tenantOwner } from './tenants';
import { users } from './users';

/**
 * A message during the event (issue 35, decision 0084): an announcement of the staff to every
 * team of the tenant, of a route or to one team (now or at `send_at`), or a line of a team's
 * private thread with the staff. It takes its tenant's next `seq` when it is sent, in commit
 * order (`messageCounters`), and is delivered to the teams it addresses then.
 */
export const messages = pgTable(
  'messages',
  {
    id: id(),
    tenant_id: tenantOwner(),
    kind: text('kind', { enum: MESSAGE_KINDS }).notNull(),
    author: text('author', { enum: MESSAGE_AUTHORS }).notNull(),
    /** The staff member who wrote it (null: the team, or an account since deleted). */
    author_user_id: uuid('author_user_id').references(() => users.id, { onDelete: 'set null' }),
    author_email: text('author_email'),
    /** An announcement's audience; null for a thread's line. */
    audience: text('audience', { enum: MESSAGE_AUDIENCES }),
    /** The route of a `route` announcement. */
    route_id: uuid('route_id').references(() => routes.id, { onDelete: 'cascade' }),
    /** A thread's team, or the one team of a `team` announcement. */
    team_id: uuid('team_id').references(() => teamRegistrations.id, { onDelete: 'cascade' }),
    body: text('body').notNull(),
    read_confirmation: boolean('read_confirmation').notNull().default(false),
    /** When it is to go (when it was written, for one sent at once). */
    send_at: timestamptz('send_at').notNull(),
    /** When it went, and its place in the tenant's sequence; null while scheduled. */
    sent_at: timestamptz('sent_at'),
    seq: bigint('seq', { mode: 'number' }),
    cancelled_at: timestamptz('cancelled_at'),
    /** A team's line: when one of the staff opened its thread after it came. */
    staff_read_at: timestamptz('staff_read_at'),
    /** The sender's key: the same send retried applies once. */
    action_id: uuid('action_id').notNull(),
    created_at: createdAt(),
  },
  (t) => [
    uniqueIndex('messages_tenant_seq_key').on(t.tenant_id, t.seq),
    uniqueIndex('messages_tenant_action_key').on(t.tenant_id, t.action_id),
    // The staff's list (newest written first) and a team's thread.
    index('messages_tenant_created_idx').on(t.tenant_id, t.kind, t.created_at, t.id),
    index('messages_thread_idx').on(t.tenant_id, t.team_id, t.created_at),
    // The scheduler's look for what is due.
    index('messages_due_idx')
      .on(t.send_at)
      .where(sql`${t.sent_at} is null and ${t.cancelled_at} is null`),
    check('messages_kind_check', sql`${t.kind} in ('announcement', 'thread')`),
    check('messages_author_check', sql`${t.author} in ('staff', 'team')`),
    check(
      'messages_audience_check',
      sql`(${t.kind} = 'thread' and ${t.audience} is null and ${t.team_id} is not null)
        or (${t.kind} = 'announcement' and ${t.author} = 'staff' and (
          (${t.audience} = 'tenant')
          or (${t.audience} = 'route' and ${t.route_id} is not null)
          or (${t.audience} = 'team' and ${t.team_id} is not null)))`,
    ),
    check('messages_sent_check', sql`(${t.sent_at} is null) = (${t.seq} is null)`),
  ],
);

/**
 * A message's delivery to one team it addresses, made when it is sent, with the message's `seq`
 * (the team's feed in order); when the team's phone had it and when the team read it.
 */
export const messageDeliveries = pgTable(
  'message_deliveries',
  {
    message_id: uuid('message_id')
      .notNull()
      .references(() => messages.id, { onDelete: 'cascade' }),
    team_id: uuid('team_id')
      .notNull()
      .references(() => teamRegistrations.id, { onDelete: 'cascade' }),
    tenant_id: tenantOwner(),
    seq: bigint('seq', { mode: 'number' }).notNull(),
    received_at: timestamptz('received_at'),
    read_at: timestamptz('read_at'),
  },
  (t) => [
    primaryKey({ columns: [t.message_id, t.team_id] }),
    index('message_deliveries_feed_idx').on(t.tenant_id, t.team_id, t.seq),
  ],
);

/** A tenant's last message `seq`: its row lock orders the tenant's sends by commit. */
export const messageCounters = pgTable('message_counters', {
  tenant_id: tenantOwner().primaryKey(),
  last_seq: bigint('last_seq', { mode: 'number' }).notNull(),
});
