import {
  messages,
  SCOREBOARD_REFRESH_MS,
  urlOf,
  type MESSAGE_EVENT,
  type PlayerInbox,
  type PlayerMessage,
} from '@tappa/contracts';
import { useState } from 'react';
import { apiCall, isRetryable } from '../lib/api-client';
import { useLiveStream } from '../lib/live-stream';
import { queryStore, useQuery } from '../lib/query';

/** Query keys of the team's messages (the phone's cache, `lib/query`). */
export const messageKeys = {
  /** The team's feed in the tenant: the organiser's messages and its own thread. */
  inbox: (slug: string) => ['play', slug, 'messages'] as const,
};

/**
 * The stream's event name, checked against the contracts' `MESSAGE_EVENT`: that module also
 * holds the zod schemas, which stay out of the phone's pages.
 */
const MESSAGE_EVENT_NAME: typeof MESSAGE_EVENT = 'message';

/**
 * `incoming` merged into the feed held (decision 0084): one message per `seq`, in `seq` order,
 * whichever way it came (the inbox, the stream, a replay). A copy read on either side stays read.
 */
export function mergeMessages(
  held: PlayerInbox | undefined,
  incoming: readonly PlayerMessage[],
): PlayerInbox {
  const bySeq = new Map((held?.messages ?? []).map((m) => [m.seq, m]));
  for (const message of incoming) {
    const kept = bySeq.get(message.seq);
    bySeq.set(message.seq, { ...message, read_at: message.read_at ?? kept?.read_at ?? null });
  }
  const merged = [...bySeq.values()].sort((a, b) => a.seq - b.seq);
  return { messages: merged, unread: merged.filter((m) => m.read_at === null).length };
}

/**
 * The team's feed, kept live on every player page of its game: the inbox is read, then the
 * stream opens after its highest `seq` (the browser's reconnection sends `Last-Event-ID`); each
 * pushed message joins by `seq`; the inbox is read every SCOREBOARD_REFRESH_MS while the stream
 * is down (what arrived is told to the server by the view that shows it, `useReceivedReport`).
 * `after` is the highest `seq` when the page first read the feed: a message above it arrived
 * while the page was open.
 */
export function useMessageFeed(slug: string) {
  const key = messageKeys.inbox(slug);
  const [after, setAfter] = useState<number | null>(null);
  const isLive = useLiveStream<PlayerInbox, PlayerMessage>({
    url: after === null ? null : `${urlOf(messages.stream, { slug })}?after=${after}`,
    event: MESSAGE_EVENT_NAME,
    queryKey: key,
    merge: (held, pushed) => mergeMessages(held, [pushed]),
    label: 'messages',
  });
  const inbox = useQuery({
    queryKey: key,
    queryFn: async ({ signal }) => {
      const answer = await apiCall(messages.inbox, { params: { slug }, signal });
      return mergeMessages(queryStore.getQueryData<PlayerInbox>(key), answer.messages);
    },
    // No polling for a refusal (no team here: the public end-of-game page): it stays one.
    refetchInterval: (state) =>
      isLive || (state.error && !isRetryable(state.error)) ? false : SCOREBOARD_REFRESH_MS,
    staleTime: SCOREBOARD_REFRESH_MS,
  }).data;
  if (inbox && after === null) setAfter(inbox.messages.at(-1)?.seq ?? 0);
  return { inbox, after: after ?? 0 };
}
