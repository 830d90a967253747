import { useEffect, useRef, useState } from 'react';
import { queryStore } from './query';
import type { QueryKey } from './query/query-store';

/** How long to wait before opening a new stream after the server ended one for good. */
export const STREAM_RETRY_MS = 30_000;

/** What a live stream pushes into, and how (see `useLiveStream`); `P` is what an event carries. */
export interface LiveStreamOptions<T, P = T> {
  /** The event stream's URL (`urlOf` a stream endpoint of the table, with its query), or null. */
  url: string | null;
  /** The name of the events that carry the data. */
  event: string;
  /** The query of the phone's cache that the pushes update. */
  queryKey: QueryKey;
  /** The query's data after a push (the newer of the two, a list with one more item, …). */
  merge: (current: T | undefined, pushed: P) => T;
  /** What the stream carries, in the console when an event cannot be read: 'scoreboard'. */
  label: string;
}

/** What an event stream delivers to (see `useEventStream`). */
export interface EventStreamOptions<T, C extends { base: string } = { base: string }> {
  /** The event stream's URL (`urlOf` a stream endpoint of the table, with its query), or null. */
  url: string | null;
  /** The name of the events that carry the data. */
  event: string;
  /** Called with each event's data. */
  onPush: (pushed: T) => void;
  /** What the stream carries, in the console when an event cannot be read: 'scoreboard'. */
  label: string;
  /** The value whose change reopens the stream besides the URL (a query key's JSON). */
  identity?: string;
  /**
   * The events that carry what changed since the stream's event `base` (decision 0075): `apply`
   * makes the new value from the one the stream holds. A change whose base is not the event the
   * stream holds opens the stream afresh, for a whole value.
   */
  changes?: { event: string; apply: (held: T, change: C) => T };
}

/**
 * Follows a server's event stream (Server-Sent Events, decision 0061): every `event` is handed to
 * `onPush`, and so is the value each of its `changes` makes. Answers whether the stream is open
 * now; while it is not, the caller polls. The browser reconnects a dropped stream by itself
 * (sending the last event's id, so an unchanged value is not sent again); a stream the server
 * ended for good is reopened after STREAM_RETRY_MS. One stream per mounted view.
 */
export function useEventStream<T, C extends { base: string } = { base: string }>({
  url,
  event,
  onPush,
  label,
  identity,
  changes,
}: EventStreamOptions<T, C>) {
  // The stream that is open now: a stale value never counts for another URL.
  const [openUrl, setOpenUrl] = useState<string | null>(null);
  const pushRef = useRef(onPush);
  const applyRef = useRef(changes?.apply);
  useEffect(() => {
    pushRef.current = onPush;
    applyRef.current = changes?.apply;
  });
  const changeEvent = changes?.event;

  useEffect(() => {
    if (typeof EventSource === 'undefined' || url === null) return;
    let source: EventSource | null = null;
    let retry: ReturnType<typeof setTimeout> | undefined;
    /** The value this stream's events made so far, and the id of the last one. */
    let held: { id: string; value: T } | null = null;
    const streamUrl = url;
    const markClosed = () => setOpenUrl((open) => (open === url ? null : open));

    const hold = (id: string, value: T) => {
      held = { id, value };
      pushRef.current(value);
    };
    const handlePush = (message: MessageEvent<string>) => {
      try {
        // The server's own data, checked by its schema when it was serialized.
        hold(message.lastEventId, JSON.parse(message.data) as T);
      } catch (error) {
        console.error(`Unreadable ${label} event`, error);
      }
    };
    const handleChange = (message: MessageEvent<string>) => {
      try {
        const change = JSON.parse(message.data) as C;
        const apply = applyRef.current;
        if (held && apply && held.id === change.base) {
          hold(message.lastEventId, apply(held.value, change));
          return;
        }
      } catch (error) {
        console.error(`Unreadable ${label} event`, error);
      }
      // Not what this stream holds: a new stream starts with the whole value.
      source?.close();
      connect();
    };
    const connect = () => {
      const opened = new EventSource(streamUrl);
      source = opened;
      held = null;
      opened.addEventListener('open', () => setOpenUrl(url));
      opened.addEventListener(event, handlePush);
      if (changeEvent) opened.addEventListener(changeEvent, handleChange);
      opened.addEventListener('error', () => {
        markClosed();
        // CONNECTING: the browser retries by itself. CLOSED (e.g. an error answer): it gave up.
        if (opened.readyState !== EventSource.CLOSED) return;
        opened.close();
        retry = setTimeout(connect, STREAM_RETRY_MS);
      });
    };

    connect();
    return () => {
      clearTimeout(retry);
      source?.close();
      markClosed();
    };
  }, [url, event, changeEvent, identity, label]);

  return url !== null && openUrl === url;
}

/**
 * Keeps a query of the phone's cache fresh from a server's event stream (`useEventStream`): every
 * `event` is merged into the query's data. Answers whether the stream is open now; while it is
 * not, the caller's query polls (`refetchInterval`).
 */
export function useLiveStream<T, P = T>(options: LiveStreamOptions<T, P>) {
  const { url, event, queryKey, merge, label } = options;
  return useEventStream<P>({
    url,
    event,
    label,
    identity: JSON.stringify(queryKey),
    onPush: (pushed) => queryStore.setQueryData<T>(queryKey, (current) => merge(current, pushed)),
  });
}
