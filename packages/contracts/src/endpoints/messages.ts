import { endpoint, shape } from '../endpoint';
import type {
  MessageBoard,
  MessageRecipients,
  MessagesReadRequest,
  MessagesReceivedRequest,
  PlayerInbox,
  PlayerMessage,
  PlayerMessagesStreamQuery,
  SendMessageRequest,
  StaffMessage,
  StaffMessagesPage,
  StaffMessagesQuery,
  TeamMessageRequest,
  Thread,
  ThreadLine,
  ThreadReplyRequest,
  Threads,
} from '../messages';

const PLAY = '/api/play/:slug/messages';
const STAFF = '/api/tenants/:slug/messages';
const THREAD = `${STAFF}/threads/:teamId`;

/**
 * Messages during the event on the team's phone (issue 35, decision 0084): its feed (the
 * organiser's announcements and its private thread), pushed, and its lines to the organiser.
 * Always the caller's own team: no endpoint names another.
 */
export const messages = {
  /** The team's whole feed, oldest first, with its unread count. */
  inbox: endpoint({
    method: 'GET',
    path: PLAY,
    access: 'player',
    response: shape<PlayerInbox>(),
  }),
  /**
   * The feed as Server-Sent Events: a `message` event per message after `Last-Event-ID` (or
   * `?after=`), oldest first, then each one as it is sent; `: ping` every 25 s.
   */
  stream: endpoint({
    method: 'GET',
    path: `${PLAY}/stream`,
    access: 'player',
    query: shape<PlayerMessagesStreamQuery>(),
  }),
  /** A line to the organiser ('Scrivi all'organizzatore'), at most 10 in 10 minutes. */
  write: endpoint({
    method: 'POST',
    path: PLAY,
    access: 'player',
    body: shape<TeamMessageRequest>(),
    response: shape<PlayerMessage>(),
  }),
  /** The phone has the feed up to a `seq`. */
  received: endpoint({
    method: 'POST',
    path: `${PLAY}/received`,
    access: 'player',
    status: 204,
    body: shape<MessagesReceivedRequest>(),
  }),
  /** The team read these messages. */
  read: endpoint({
    method: 'POST',
    path: `${PLAY}/read`,
    access: 'player',
    status: 204,
    body: shape<MessagesReadRequest>(),
  }),
};

/**
 * Messages during the event for the tenant's staff: announcements sent or scheduled with their
 * delivery, the teams' private threads and the answers, the message board.
 */
export const staffMessages = {
  /** Sends or schedules an announcement (audited). */
  send: endpoint({
    method: 'POST',
    path: STAFF,
    access: 'tenant-staff',
    policy: 'staff',
    body: shape<SendMessageRequest>(),
    response: shape<StaffMessage>(),
  }),
  /** The announcements, the newest written first, each with its counts. */
  list: endpoint({
    method: 'GET',
    path: STAFF,
    access: 'tenant-staff',
    policy: 'staff',
    query: shape<StaffMessagesQuery>(),
    response: shape<StaffMessagesPage>(),
  }),
  /** An announcement's teams: who has it, who read it, who not yet. */
  recipients: endpoint({
    method: 'GET',
    path: `${STAFF}/:messageId/recipients`,
    access: 'tenant-staff',
    policy: 'staff',
    response: shape<MessageRecipients>(),
  }),
  /** Takes back a scheduled announcement before it goes (audited). */
  cancel: endpoint({
    method: 'DELETE',
    path: `${STAFF}/:messageId`,
    access: 'tenant-staff',
    policy: 'staff',
    response: shape<StaffMessage>(),
  }),
  /** The teams' private threads, the latest line first. */
  threads: endpoint({
    method: 'GET',
    path: `${STAFF}/threads`,
    access: 'tenant-staff',
    policy: 'staff',
    response: shape<Threads>(),
  }),
  /** A team's thread, oldest first; its lines are marked read by the staff. */
  thread: endpoint({
    method: 'GET',
    path: THREAD,
    access: 'tenant-staff',
    policy: 'staff',
    response: shape<Thread>(),
  }),
  /** The staff's answer in a team's thread (audited). */
  reply: endpoint({
    method: 'POST',
    path: THREAD,
    access: 'tenant-staff',
    policy: 'staff',
    body: shape<ThreadReplyRequest>(),
    response: shape<ThreadLine>(),
  }),
  /** The message board: the latest announcements, the unanswered threads, the unread lines. */
  board: endpoint({
    method: 'GET',
    path: `${STAFF}/board`,
    access: 'tenant-staff',
    policy: 'staff',
    response: shape<MessageBoard>(),
  }),
  /** The board as Server-Sent Events: a `board` event now and on every change. */
  boardStream: endpoint({
    method: 'GET',
    path: `${STAFF}/board/stream`,
    access: 'tenant-staff',
    policy: 'staff',
  }),
};
