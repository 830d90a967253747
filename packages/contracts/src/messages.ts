import {
  MESSAGE_AUDIENCES,
  MESSAGE_AUTHORS,
  MESSAGE_KINDS,
  MESSAGE_MAX_LENGTH,
} from '@tappa/domain';
import { z } from 'zod';
import { InstantSchema } from './dates';

// Messages during the event (issue 35, decision 0084): the organiser's announcements to every
// team of the tenant, of a route or to one team, now or at a set time; a private thread between
// each team and the tenant's staff. Plain text, always shown as text.

/** A message's text: 1–MESSAGE_MAX_LENGTH characters once trimmed (NUL is refused everywhere). */
export const MessageTextSchema = z
  .string()
  .trim()
  .min(1, 'A message needs some text')
  .max(MESSAGE_MAX_LENGTH);

// --- The team's side -------------------------------------------------------------------------

/** A message as the team's phone shows it: an announcement, or a line of its own thread. */
export const PlayerMessageSchema = z.object({
  id: z.string(),
  /** Its place in the tenant's sequence: the phone's feed is ordered by it, and resumes after it. */
  seq: z.number().int(),
  kind: z.enum(MESSAGE_KINDS),
  author: z.enum(MESSAGE_AUTHORS),
  body: z.string(),
  /** 'Conferma di lettura richiesta': held on the screen until 'Ho letto'. */
  read_confirmation: z.boolean(),
  /** When it was sent (ISO). */
  sent_at: z.string(),
  /** When the team read it (ISO); the team's own lines are read when written. */
  read_at: z.string().nullable(),
});
export type PlayerMessage = z.infer<typeof PlayerMessageSchema>;

/** `messages.inbox`: the team's whole feed, oldest first, and how many are unread. */
export const PlayerInboxSchema = z.object({
  messages: z.array(PlayerMessageSchema),
  unread: z.number().int(),
});
export type PlayerInbox = z.infer<typeof PlayerInboxSchema>;

/** `messages.stream`: the feed after `after` (a fresh page's last `seq`; else `Last-Event-ID`). */
export const PlayerMessagesStreamQuerySchema = z.object({
  after: z.coerce.number().int().min(0).optional(),
});
export type PlayerMessagesStreamQuery = z.input<typeof PlayerMessagesStreamQuerySchema>;

/** The name of the stream's events: one `PlayerMessage` each, its id the message's `seq`. */
export const MESSAGE_EVENT = 'message';

/** `messages.write`: a line to the organiser ('Scrivi all'organizzatore'); sent twice, kept once. */
export const TeamMessageRequestSchema = z.object({
  action_id: z.uuid(),
  body: MessageTextSchema,
});
export type TeamMessageRequest = z.infer<typeof TeamMessageRequestSchema>;

/** `messages.received`: the phone has every message of its feed up to `through` (a `seq`). */
export const MessagesReceivedRequestSchema = z.object({
  through: z.number().int().min(0),
});
export type MessagesReceivedRequest = z.infer<typeof MessagesReceivedRequestSchema>;

/** `messages.read`: the team read these messages (the inbox opened, 'Ho letto'). */
export const MessagesReadRequestSchema = z.object({
  message_ids: z.array(z.uuid()).min(1).max(200),
});
export type MessagesReadRequest = z.infer<typeof MessagesReadRequestSchema>;

// --- The staff's side ------------------------------------------------------------------------

/**
 * `staffMessages.send`: an announcement to every team of the tenant, of a route (`route_id`) or
 * to one team (`team_id`, or the team of `game_id` from the live console); now, or at `send_at`
 * (ISO, in the future). The action id makes a send retried apply once.
 */
export const SendMessageRequestSchema = z
  .object({
    action_id: z.uuid(),
    audience: z.enum(MESSAGE_AUDIENCES),
    route_id: z.uuid().nullable().optional(),
    team_id: z.uuid().nullable().optional(),
    game_id: z.uuid().nullable().optional(),
    body: MessageTextSchema,
    read_confirmation: z.boolean().default(false),
    send_at: InstantSchema.nullable().optional(),
  })
  .refine((m) => m.audience !== 'route' || !!m.route_id, {
    path: ['route_id'],
    message: 'A message to a route needs the route',
  })
  .refine((m) => m.audience !== 'team' || !!m.team_id !== !!m.game_id, {
    path: ['team_id'],
    message: 'A message to one team needs the team (or its game), not both',
  });
export type SendMessageRequest = z.input<typeof SendMessageRequestSchema>;

/** How many teams a message went to, how many have it on their phone, how many read it. */
export const MessageCountsSchema = z.object({
  addressed: z.number().int(),
  received: z.number().int(),
  read: z.number().int(),
});
export type MessageCounts = z.infer<typeof MessageCountsSchema>;

/** An announcement as staff see it: sent, scheduled or cancelled, with its delivery. */
export const StaffMessageSchema = z.object({
  id: z.string(),
  audience: z.enum(MESSAGE_AUDIENCES),
  route: z.object({ id: z.string(), title: z.string() }).nullable(),
  team: z.object({ id: z.string(), name: z.string() }).nullable(),
  body: z.string(),
  read_confirmation: z.boolean(),
  /** Who sent it (null: an account since deleted). */
  author_email: z.string().nullable(),
  /** When it is (or was) to go (ISO). */
  send_at: z.string(),
  /** When it went (ISO); null while scheduled or once cancelled. */
  sent_at: z.string().nullable(),
  cancelled_at: z.string().nullable(),
  created_at: z.string(),
  counts: MessageCountsSchema,
});
export type StaffMessage = z.infer<typeof StaffMessageSchema>;

/** `staffMessages.list`: the tenant's announcements, the newest written first, paged. */
export const StaffMessagesQuerySchema = z.object({
  cursor: z.string().max(200).optional(),
});
export type StaffMessagesQuery = z.input<typeof StaffMessagesQuerySchema>;

export const StaffMessagesPageSchema = z.object({
  messages: z.array(StaffMessageSchema),
  next_cursor: z.string().nullable(),
});
export type StaffMessagesPage = z.infer<typeof StaffMessagesPageSchema>;

/** A team a message went to, and whether it has it and has read it. */
export const MessageRecipientSchema = z.object({
  team_id: z.string(),
  team_name: z.string(),
  received_at: z.string().nullable(),
  read_at: z.string().nullable(),
});
export type MessageRecipient = z.infer<typeof MessageRecipientSchema>;

/** `staffMessages.recipients`: the message and its teams, those still waiting first. */
export const MessageRecipientsSchema = z.object({
  message: StaffMessageSchema,
  recipients: z.array(MessageRecipientSchema),
});
export type MessageRecipients = z.infer<typeof MessageRecipientsSchema>;

/** A team's private thread with the staff, in the list of threads. */
export const ThreadSummarySchema = z.object({
  team_id: z.string(),
  team_name: z.string(),
  last: z.object({
    author: z.enum(MESSAGE_AUTHORS),
    body: z.string(),
    /** ISO. */
    sent_at: z.string(),
  }),
  /** The team's lines no one of the staff has opened yet. */
  unread: z.number().int(),
  /** Whether the staff wrote the last line (false: the team waits for an answer). */
  answered: z.boolean(),
});
export type ThreadSummary = z.infer<typeof ThreadSummarySchema>;

/** `staffMessages.threads`: every thread, the latest line first, and the unread lines in all. */
export const ThreadsSchema = z.object({
  threads: z.array(ThreadSummarySchema),
  unread: z.number().int(),
});
export type Threads = z.infer<typeof ThreadsSchema>;

/** A line of a thread as staff see it. */
export const ThreadLineSchema = z.object({
  id: z.string(),
  author: z.enum(MESSAGE_AUTHORS),
  /** The staff member who wrote it (null: the team, or an account since deleted). */
  author_email: z.string().nullable(),
  body: z.string(),
  sent_at: z.string(),
  /** A staff line: when the team read it. A team's line: when the staff opened it. */
  read_at: z.string().nullable(),
});
export type ThreadLine = z.infer<typeof ThreadLineSchema>;

/** `staffMessages.thread`: a team's thread, oldest first (opening it marks the team's lines read). */
export const ThreadSchema = z.object({
  team: z.object({ id: z.string(), name: z.string() }),
  lines: z.array(ThreadLineSchema),
});
export type Thread = z.infer<typeof ThreadSchema>;

/** `staffMessages.reply`: the staff's answer in a team's thread. */
export const ThreadReplyRequestSchema = z.object({
  action_id: z.uuid(),
  body: MessageTextSchema,
});
export type ThreadReplyRequest = z.infer<typeof ThreadReplyRequestSchema>;

/** How many latest messages and unanswered threads the message board shows. */
export const MESSAGE_BOARD_SIZE = 5;

/**
 * `staffMessages.board` and every `board` event of its stream: the dashboard's Message Board
 * and the console's 'Messaggi' badge: the latest announcements, the threads waiting for an
 * answer, the unread lines in all.
 */
export const MessageBoardSchema = z.object({
  latest: z.array(StaffMessageSchema),
  unanswered: z.array(ThreadSummarySchema),
  unread: z.number().int(),
});
export type MessageBoard = z.infer<typeof MessageBoardSchema>;

/** The name of the board stream's events. */
export const BOARD_EVENT = 'board';
