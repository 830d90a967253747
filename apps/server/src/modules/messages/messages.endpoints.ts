import {
  MessageBoardSchema,
  MessageRecipientsSchema,
  messages,
  MessagesReadRequestSchema,
  MessagesReceivedRequestSchema,
  PlayerInboxSchema,
  PlayerMessageSchema,
  PlayerMessagesStreamQuerySchema,
  SendMessageRequestSchema,
  StaffMessageSchema,
  staffMessages,
  StaffMessagesPageSchema,
  StaffMessagesQuerySchema,
  TeamMessageRequestSchema,
  ThreadLineSchema,
  ThreadReplyRequestSchema,
  ThreadSchema,
  ThreadsSchema,
} from '@tappa/contracts';
import type { FastifyPluginAsync } from 'fastify';
import { EventStreams } from '../../infra/realtime';
import type { ModuleDeps } from '../../module-deps';
import { servesOn } from '../access/serve';
import { auditActor } from '../audit/audit.service';
import { MAX_STREAMS_PER_ADDRESS } from '../scoreboards/scoreboards.endpoints';
import type { BoardHub } from './board-hub';
import type { MessageFeeds } from './message-feeds';
import {
  cancelAnnouncement,
  listMessages,
  openThread,
  readInbox,
  readMessages,
  readRecipients,
  readThreads,
  receivedThrough,
  replyInThread,
  sendAnnouncement,
  teamOf,
  writeTeamLine,
} from './messages.service';

const tags = ['messages'];

/**
 * The routes of `messages` (the team's phone) and `staffMessages` (`@tappa/contracts`, decision
 * 0084). Every write that changes what a phone or the board shows publishes the `message`
 * signal after its commit.
 */
export const messagesEndpoints: FastifyPluginAsync<
  Pick<ModuleDeps, 'db' | 'access' | 'clock' | 'publishMessageChange'> & {
    feeds: MessageFeeds;
    boards: BoardHub;
  }
> = async (app, deps) => {
  const { db, access, clock, feeds, boards } = deps;
  const serve = servesOn(app, access);
  const feedStreams = new EventStreams({ maxPerAddress: MAX_STREAMS_PER_ADDRESS, clock });
  const boardStreams = new EventStreams({ maxPerAddress: MAX_STREAMS_PER_ADDRESS, clock });
  /** After the commit: a message sent reaches the phones and the board; the rest the board. */
  const sent = (tenantId: string, isNew: boolean) => {
    if (isNew) deps.publishMessageChange(tenantId);
  };
  const boardChanged = (tenantId: string, isChange: boolean) => {
    if (isChange) deps.publishMessageChange(tenantId, { boardOnly: true });
  };

  // --- The team's phone ----------------------------------------------------------------------

  serve(messages.inbox, { response: PlayerInboxSchema }, { tags }, ({ caller }) =>
    readInbox(db, caller.scope, caller.email),
  );

  serve(
    messages.stream,
    { query: PlayerMessagesStreamQuerySchema },
    {
      tags,
      summary: `Server-Sent Events: a 'message' per message after Last-Event-ID or ?after=, then each one sent; ': ping' every 25 s`,
      produces: ['text/event-stream'],
    },
    async ({ caller, query, request, reply }) => {
      feedStreams.admit(request);
      const teamId = await teamOf(db, caller.scope, caller.email);
      return feedStreams.open(
        request,
        reply,
        feeds,
        { scope: caller.scope, teamId },
        query.after ?? null,
      );
    },
  );

  serve(
    messages.write,
    { body: TeamMessageRequestSchema, response: PlayerMessageSchema },
    { tags },
    async ({ caller, body }) => {
      const { message, isNew } = await writeTeamLine({ db, now: clock.now() }, caller.scope, {
        email: caller.email,
        actionId: body.action_id,
        body: body.body,
      });
      sent(caller.scope.tenantId, isNew);
      return message;
    },
  );

  serve(
    messages.received,
    { body: MessagesReceivedRequestSchema },
    { tags },
    async ({ caller, body }) => {
      const marked = await receivedThrough({ db, now: clock.now() }, caller.scope, {
        email: caller.email,
        through: body.through,
      });
      boardChanged(caller.scope.tenantId, marked > 0);
      return undefined;
    },
  );

  serve(messages.read, { body: MessagesReadRequestSchema }, { tags }, async ({ caller, body }) => {
    const marked = await readMessages({ db, now: clock.now() }, caller.scope, {
      email: caller.email,
      messageIds: body.message_ids,
    });
    boardChanged(caller.scope.tenantId, marked > 0);
    return undefined;
  });

  // --- The staff -----------------------------------------------------------------------------

  serve(
    staffMessages.send,
    { body: SendMessageRequestSchema, response: StaffMessageSchema },
    { tags },
    async ({ caller, scope, body, request }) => {
      const actor = auditActor(caller, request.ip);
      const { message, sentNow } = await sendAnnouncement(
        { db, actor, now: clock.now() },
        scope,
        body,
      );
      if (sentNow) sent(scope.tenantId, true);
      else boardChanged(scope.tenantId, true);
      return message;
    },
  );

  serve(
    staffMessages.list,
    { query: StaffMessagesQuerySchema, response: StaffMessagesPageSchema },
    { tags },
    ({ scope, query }) => listMessages(db, scope, query.cursor),
  );

  serve(
    staffMessages.recipients,
    { response: MessageRecipientsSchema },
    { tags },
    ({ scope, params }) => readRecipients(db, scope, params.messageId),
  );

  serve(
    staffMessages.cancel,
    { response: StaffMessageSchema },
    { tags },
    async ({ caller, scope, params, request }) => {
      const actor = auditActor(caller, request.ip);
      const message = await cancelAnnouncement(
        { db, actor, now: clock.now() },
        scope,
        params.messageId,
      );
      boardChanged(scope.tenantId, true);
      return message;
    },
  );

  serve(staffMessages.threads, { response: ThreadsSchema }, { tags }, ({ scope }) =>
    readThreads(db, scope),
  );

  serve(staffMessages.thread, { response: ThreadSchema }, { tags }, async ({ scope, params }) => {
    const { thread, marked } = await openThread({ db, now: clock.now() }, scope, params.teamId);
    boardChanged(scope.tenantId, marked);
    return thread;
  });

  serve(
    staffMessages.reply,
    { body: ThreadReplyRequestSchema, response: ThreadLineSchema },
    { tags },
    async ({ caller, scope, params, body, request }) => {
      const actor = auditActor(caller, request.ip);
      const { line, isNew } = await replyInThread({ db, actor, now: clock.now() }, scope, {
        teamId: params.teamId,
        actionId: body.action_id,
        body: body.body,
      });
      sent(scope.tenantId, isNew);
      return line;
    },
  );

  serve(
    staffMessages.board,
    { response: MessageBoardSchema },
    { tags },
    async ({ scope }) => (await boards.read({ scope })).value,
  );

  serve(
    staffMessages.boardStream,
    {},
    {
      tags,
      summary: `Server-Sent Events: 'board' now and on every change, ': ping' every 25 s`,
      produces: ['text/event-stream'],
    },
    async ({ scope, request, reply }) => {
      boardStreams.admit(request);
      const target = { scope };
      return boardStreams.open(request, reply, boards, target, await boards.read(target));
    },
  );
};
