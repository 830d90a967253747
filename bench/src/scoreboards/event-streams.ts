import http from 'node:http';

/**
 * A handler of an event stream's text chunks that calls `onFrame` with each whole frame (the
 * text before the blank line that ends it).
 */
export function frameReader(onFrame: (frame: string) => void): (chunk: string) => void {
  let pending = '';
  return (chunk) => {
    pending += chunk;
    let end = pending.indexOf('\n\n');
    while (end !== -1) {
      onFrame(pending.slice(0, end));
      pending = pending.slice(end + 2);
      end = pending.indexOf('\n\n');
    }
  };
}

/** One open event stream, as a browser's EventSource holds it. */
export interface EventStream {
  /** When each event of its name arrived (performance.now()), the first one included. */
  arrivals: number[];
  /** The bytes of those events (their frames as the server wrote them, in UTF-8). */
  bytes: number;
  /** Whether the server ended the stream. */
  isClosed: boolean;
  /** Resolves once `count` events have arrived, or the stream has ended. */
  arrived(count: number): Promise<void>;
  close(): void;
}

/** How to open a stream: besides its path and address, the event to follow and the caller. */
export interface StreamOptions {
  path: string;
  ip: string;
  /** The events' names (`rankings` unless told). */
  event?: string | string[];
  /** A session's or a team's cookie. */
  cookie?: string;
  /** Called with each event's data (its `data:` lines joined), when it arrives. */
  onEvent?: (data: string, at: number) => void;
}

/**
 * Opens `GET path` as an event stream and resolves on its first event (the server sends the
 * current value at once). Events are told apart by the blank line that ends them.
 */
export function openEventStream(baseUrl: string, opts: StreamOptions) {
  const names = [opts.event ?? 'rankings'].flat();
  const eventLine = new RegExp(`^event: (${names.join('|')})$`, 'm');
  const url = new URL(opts.path, baseUrl);
  return new Promise<EventStream>((resolve, reject) => {
    const waiters: { count: number; resolve(): void }[] = [];
    /** Wakes the waiters whose count is reached (all of them once the stream ended). */
    const wake = () => {
      for (const waiter of [...waiters]) {
        if (stream.isClosed || stream.arrivals.length >= waiter.count) {
          waiters.splice(waiters.indexOf(waiter), 1);
          waiter.resolve();
        }
      }
    };
    const stream: EventStream = {
      arrivals: [],
      bytes: 0,
      isClosed: false,
      arrived: (count) =>
        new Promise<void>((resolve) => {
          waiters.push({ count, resolve });
          wake();
        }),
      close: () => req.destroy(),
    };
    // No agent: every viewer has its own connection, as every browser has.
    const req = http.get(url, {
      agent: false,
      headers: {
        accept: 'text/event-stream',
        'x-forwarded-for': opts.ip,
        ...(opts.cookie ? { cookie: opts.cookie } : {}),
      },
    });
    req.on('response', (res) => {
      if (res.statusCode !== 200) {
        res.resume();
        reject(new Error(`${opts.path}: ${res.statusCode}`));
        return;
      }
      res.setEncoding('utf8');
      res.on(
        'data',
        frameReader((frame) => {
          // A frame's lines: `id:` (the server's, decision 0061), `event:`, `data:`.
          if (eventLine.test(frame)) {
            const at = performance.now();
            stream.arrivals.push(at);
            stream.bytes += Buffer.byteLength(frame) + 2;
            if (opts.onEvent) {
              const data = frame
                .split('\n')
                .filter((line) => line.startsWith('data: '))
                .map((line) => line.slice(6))
                .join('\n');
              opts.onEvent(data, at);
            }
            if (stream.arrivals.length === 1) resolve(stream);
            wake();
          }
        }),
      );
      res.on('close', () => {
        stream.isClosed = true;
        wake();
      });
    });
    req.on('error', (err) => {
      stream.isClosed = true;
      wake();
      if (stream.arrivals.length === 0) reject(err);
    });
  });
}

/** Opens `count` streams, `batch` at a time (a burst of 10,000 connects would overflow a backlog). */
export async function openEventStreams(
  baseUrl: string,
  opts: { path: string; count: number; batch: number },
): Promise<EventStream[]> {
  const streams: EventStream[] = [];
  let next = 0;
  const worker = async () => {
    while (next < opts.count) {
      const n = next++;
      const ip = `10.${200 + Math.floor(n / 65_536)}.${Math.floor(n / 256) % 256}.${n % 256}`;
      streams.push(await openEventStream(baseUrl, { path: opts.path, ip }));
    }
  };
  await Promise.all(Array.from({ length: opts.batch }, worker));
  return streams;
}
