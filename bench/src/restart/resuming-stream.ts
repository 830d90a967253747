import http from 'node:http';
import { frameReader } from '../scoreboards/event-streams';

/** An event of a resuming stream: its name, id and data, and the connection it came on. */
export interface ResumedEvent {
  event: string;
  id: string | undefined;
  data: string;
  connection: number;
}

/** A stream that a browser's EventSource would hold across a server's restart. */
export interface ResumingStream {
  events: ResumedEvent[];
  /** How many times it was opened (answered 200). */
  connections(): number;
  /** Resolves once `isDone` holds of the events so far (checked as each one arrives). */
  waitUntil(isDone: (events: ResumedEvent[]) => boolean): Promise<void>;
  close(): void;
}

/** One connection: resolves when it ends (false: not answered 200). */
function connectOnce(
  url: URL,
  headers: Record<string, string>,
  onEvent: (event: Omit<ResumedEvent, 'connection'>) => void,
  onRequest: (req: http.ClientRequest) => void,
): Promise<boolean> {
  return new Promise((resolve) => {
    // No agent: every viewer has its own connection, as every browser has.
    const req = http.get(url, {
      agent: false,
      headers: { accept: 'text/event-stream', ...headers },
    });
    onRequest(req);
    req.on('error', () => resolve(false));
    req.on('response', (res) => {
      if (res.statusCode !== 200) {
        res.resume();
        resolve(false);
        return;
      }
      res.setEncoding('utf8');
      res.on(
        'data',
        frameReader((frame) => {
          const lines = frame.split('\n');
          const field = (name: string) =>
            lines.filter((l) => l.startsWith(`${name}: `)).map((l) => l.slice(name.length + 2));
          const data = field('data');
          if (data.length === 0) return;
          onEvent({
            event: field('event')[0] ?? 'message',
            id: field('id')[0],
            data: data.join('\n'),
          });
        }),
      );
      res.on('close', () => resolve(true));
    });
  });
}

/**
 * Opens `path` at `baseUrl` and opens it again whenever it ends, with the id of the last event
 * it saw as `Last-Event-ID`, once `whenUp()` resolves (the scenario resolves it when a server
 * listens again: the browser's `retry:` wait is left out, the gap is measured instead).
 */
export function openResumingStream(opts: {
  baseUrl: string;
  path: string;
  headers: Record<string, string>;
  whenUp: () => Promise<void>;
}): ResumingStream {
  const events: ResumedEvent[] = [];
  const waiters = new Set<() => void>();
  let connections = 0;
  let isClosed = false;
  let current: http.ClientRequest | null = null;
  const url = new URL(opts.path, opts.baseUrl);
  void (async () => {
    while (!isClosed) {
      await opts.whenUp();
      const lastId = events.findLast((event) => event.id !== undefined)?.id;
      const connection = connections;
      const wasOpen = await connectOnce(
        url,
        { ...opts.headers, ...(lastId === undefined ? {} : { 'last-event-id': lastId }) },
        (event) => {
          events.push({ ...event, connection });
          for (const check of [...waiters]) check();
        },
        (req) => (current = req),
      );
      if (wasOpen) connections += 1;
    }
  })();
  return {
    events,
    connections: () => connections,
    waitUntil: (isDone) =>
      new Promise((resolve) => {
        const check = () => {
          if (!isDone(events)) return;
          waiters.delete(check);
          resolve();
        };
        waiters.add(check);
        check();
      }),
    close: () => {
      isClosed = true;
      current?.destroy();
    },
  };
}
