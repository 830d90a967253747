import { openEventStream, type StreamEvent } from './event-stream';

/** An event of a resuming stream, with the connection (from 0) it arrived on. */
export interface ResumedEvent extends StreamEvent {
  connection: number;
}

/**
 * An event stream that resumes as a browser's EventSource does: when the server ends it (or
 * cannot be reached), it opens it again with the id of the last event it saw as
 * `Last-Event-ID`, at the address `whereNext` resolves to (the test resolves it once a server
 * is there: no timers).
 */
export interface ResumingStream {
  events: ResumedEvent[];
  /** How many times it was opened. */
  connections(): number;
  /** The first event (from the start) that `match` accepts, whenever it arrives. */
  waitFor(match: (event: ResumedEvent) => boolean): Promise<ResumedEvent>;
  /** Stops resuming and closes the stream. */
  close(): void;
}

/** Opens `path` at `whereNext()`'s address and keeps it open across restarts. */
export function openResumingStream(opts: {
  path: string;
  headers: Record<string, string>;
  whereNext: () => Promise<string>;
}): ResumingStream {
  const events: ResumedEvent[] = [];
  const waiters = new Set<() => void>();
  let connections = 0;
  let isClosed = false;
  let closeCurrent = () => undefined as void;

  const resume = async (): Promise<void> => {
    while (!isClosed) {
      const baseUrl = await opts.whereNext();
      if (isClosed) return;
      const lastId = events.findLast((event) => event.id !== undefined)?.id;
      const reader = await openEventStream(`${baseUrl}${opts.path}`, {
        ...opts.headers,
        ...(lastId === undefined ? {} : { 'last-event-id': lastId }),
      }).catch(() => null);
      if (!reader) continue;
      const connection = connections++;
      closeCurrent = () => reader.close();
      // Each event once, as it arrives: the reader keeps all of its own.
      let seen = 0;
      const take = () => {
        for (const event of reader.events.slice(seen)) events.push({ ...event, connection });
        seen = reader.events.length;
        for (const check of [...waiters]) check();
      };
      void reader.waitFor(() => (take(), false));
      await reader.ended;
      take();
    }
  };
  void resume();

  return {
    events,
    connections: () => connections,
    waitFor: (match) =>
      new Promise((found) => {
        const check = () => {
          const event = events.find(match);
          if (!event) return;
          waiters.delete(check);
          found(event);
        };
        waiters.add(check);
        check();
      }),
    close: () => {
      isClosed = true;
      closeCurrent();
    },
  };
}
