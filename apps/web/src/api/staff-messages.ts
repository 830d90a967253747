import {
  BOARD_EVENT,
  SCOREBOARD_REFRESH_MS,
  staffMessages,
  urlOf,
  type MessageBoard,
  type SendMessageRequest,
  type Thread,
  type ThreadReplyRequest,
  type Threads,
} from '@tappa/contracts';
import {
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import { useRef } from 'react';
import { apiCall } from '../lib/api-client';
import { useEventStream } from '../lib/live-stream';

/** React Query keys of the organiser's messages (staff data). */
export const staffMessagesKeys = {
  /** Everything of a tenant's messages. */
  all: (slug: string) => ['tenants', slug, 'messages'] as const,
  /** The message board (latest announcements, unanswered threads, unread lines). */
  board: (slug: string) => [...staffMessagesKeys.all(slug), 'board'] as const,
  /** The announcements, sent and scheduled, paged. */
  list: (slug: string) => [...staffMessagesKeys.all(slug), 'list'] as const,
  /** An announcement's teams. */
  recipients: (slug: string, messageId: string) =>
    [...staffMessagesKeys.all(slug), 'recipients', messageId] as const,
  /** The threads' list. */
  threads: (slug: string) => [...staffMessagesKeys.all(slug), 'threads'] as const,
  /** Every open thread. */
  threadsOf: (slug: string) => [...staffMessagesKeys.all(slug), 'thread'] as const,
  /** One team's thread. */
  thread: (slug: string, teamId: string) => [...staffMessagesKeys.threadsOf(slug), teamId] as const,
};

/**
 * Holds a board the server sent (pushed or read). When it differs from the board held, something
 * happened (a team wrote, a message went, a team read): the threads, the open thread and the
 * list are read again. The first board held refreshes nothing.
 */
function holdBoard(queryClient: QueryClient, slug: string, board: MessageBoard) {
  const key = staffMessagesKeys.board(slug);
  const held = queryClient.getQueryData<MessageBoard>(key);
  queryClient.setQueryData(key, board);
  if (!held || JSON.stringify(held) === JSON.stringify(board)) return;
  void queryClient.invalidateQueries({ queryKey: staffMessagesKeys.threads(slug) });
  void queryClient.invalidateQueries({ queryKey: staffMessagesKeys.threadsOf(slug) });
  void queryClient.invalidateQueries({ queryKey: staffMessagesKeys.list(slug) });
}

/**
 * The tenant's message board, pushed whole by `staffMessages.boardStream` (a `board` event now
 * and on every change), read once from `staffMessages.board` to begin with and every
 * SCOREBOARD_REFRESH_MS while the stream is down. A board that changed refreshes the threads and
 * the list (`holdBoard`).
 */
export function useMessageBoard(slug: string) {
  const queryClient = useQueryClient();
  const key = staffMessagesKeys.board(slug);
  // Pushes so far: a read that a push overtook keeps the pushed board.
  const pushes = useRef(0);
  const isLive = useEventStream<MessageBoard>({
    url: urlOf(staffMessages.boardStream, { slug }),
    event: BOARD_EVENT,
    label: 'message board',
    onPush: (board) => {
      pushes.current += 1;
      holdBoard(queryClient, slug, board);
    },
  });
  const board = useQuery({
    queryKey: key,
    queryFn: async ({ signal }) => {
      const before = pushes.current;
      const read = await apiCall(staffMessages.board, { params: { slug }, signal });
      if (pushes.current !== before) return queryClient.getQueryData<MessageBoard>(key) ?? read;
      holdBoard(queryClient, slug, read);
      return read;
    },
    refetchInterval: isLive ? false : SCOREBOARD_REFRESH_MS,
    staleTime: SCOREBOARD_REFRESH_MS,
  });
  return { ...board, isLive };
}

/** The announcements, the newest written first; `fetchNextPage` reads older ones. */
export function useStaffMessages(slug: string) {
  return useInfiniteQuery({
    queryKey: staffMessagesKeys.list(slug),
    queryFn: ({ pageParam, signal }) =>
      apiCall(staffMessages.list, {
        params: { slug },
        query: { cursor: pageParam ?? undefined },
        signal,
      }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_cursor,
  });
}

/** An announcement's teams (who has it, who read it), read afresh each time it is opened. */
export function useMessageRecipients(slug: string, messageId: string) {
  return useQuery({
    queryKey: staffMessagesKeys.recipients(slug, messageId),
    queryFn: ({ signal }) =>
      apiCall(staffMessages.recipients, { params: { slug, messageId }, signal }),
    staleTime: 0,
  });
}

/** After a staff write: the list and the board are read again (the stream may be down). */
function refreshMessages(queryClient: QueryClient, slug: string) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: staffMessagesKeys.list(slug) }),
    queryClient.invalidateQueries({ queryKey: staffMessagesKeys.board(slug) }),
  ]);
}

/** Sends or schedules an announcement. */
export function useSendMessage(slug: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SendMessageRequest) =>
      apiCall(staffMessages.send, { params: { slug }, body }),
    onSuccess: () => refreshMessages(queryClient, slug),
  });
}

/** Takes back a scheduled announcement. */
export function useCancelMessage(slug: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (messageId: string) =>
      apiCall(staffMessages.cancel, { params: { slug, messageId } }),
    onSuccess: () => refreshMessages(queryClient, slug),
  });
}

/** The teams' threads, the latest line first, with the unread lines. */
export function useThreads(slug: string) {
  return useQuery({
    queryKey: staffMessagesKeys.threads(slug),
    queryFn: ({ signal }) => apiCall(staffMessages.threads, { params: { slug }, signal }),
  });
}

/**
 * A team's thread; the server marks its lines read when it answers, so the list of threads held
 * shows that thread with nothing unread without another request.
 */
export function useThread(slug: string, teamId: string) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: staffMessagesKeys.thread(slug, teamId),
    queryFn: async ({ signal }): Promise<Thread> => {
      const thread = await apiCall(staffMessages.thread, { params: { slug, teamId }, signal });
      queryClient.setQueryData<Threads>(staffMessagesKeys.threads(slug), (threads) =>
        threads ? markThreadRead(threads, teamId) : threads,
      );
      return thread;
    },
    staleTime: 0,
  });
}

/** `threads` with the thread of `teamId` read (its unread lines out of the total). */
export function markThreadRead(threads: Threads, teamId: string): Threads {
  const opened = threads.threads.find((thread) => thread.team_id === teamId);
  if (!opened || opened.unread === 0) return threads;
  return {
    threads: threads.threads.map((thread) =>
      thread === opened ? { ...thread, unread: 0 } : thread,
    ),
    unread: Math.max(0, threads.unread - opened.unread),
  };
}

/** The staff's answer in a team's thread; the thread and the threads are read again. */
export function useReplyThread(slug: string, teamId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ThreadReplyRequest) =>
      apiCall(staffMessages.reply, { params: { slug, teamId }, body }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: staffMessagesKeys.thread(slug, teamId) }),
        queryClient.invalidateQueries({ queryKey: staffMessagesKeys.threads(slug) }),
        queryClient.invalidateQueries({ queryKey: staffMessagesKeys.board(slug) }),
      ]),
  });
}
