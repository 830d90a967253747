import http, { type IncomingHttpHeaders } from 'node:http';

/** One event of a Server-Sent Events stream. */
export interface StreamEvent {
  event: string;
  data: string;
}

/** A Server-Sent Events stream read over a real connection, as a browser's EventSource would. */
export interface EventStreamReader {
  status: number;
  headers: IncomingHttpHeaders;
  events: StreamEvent[];
  /** How many comment lines (`: ping`) arrived. */
  comments: number;
  /** Resolves when the server ended the stream. */
  ended: Promise<void>;
  /** The first event (from the start) that `match` accepts; rejects after `timeoutMs`. */
  waitFor(match: (event: StreamEvent) => boolean, timeoutMs?: number): Promise<StreamEvent>;
  close(): void;
}

/** Opens `url` and parses its event stream; a non-200 answer rejects with its body. */
export function openEventStream(
  url: string,
  headers: Record<string, string> = {},
): Promise<EventStreamReader> {
  return new Promise((resolve, reject) => {
    const request = http.get(
      url,
      { headers: { accept: 'text/event-stream', ...headers } },
      (res) => {
        res.setEncoding('utf8');
        if (res.statusCode !== 200) {
          let body = '';
          res.on('data', (chunk: string) => (body += chunk));
          res.on('end', () => reject(new Error(`stream answered ${res.statusCode}: ${body}`)));
          return;
        }
        const waiters = new Set<() => void>();
        let buffer = '';
        const reader: EventStreamReader = {
          status: res.statusCode,
          headers: res.headers,
          events: [],
          comments: 0,
          ended: new Promise((done) => res.on('close', () => done())),
          waitFor: (match, timeoutMs = 3000) =>
            new Promise((found, fail) => {
              const check = () => {
                const event = reader.events.find(match);
                if (!event) return;
                clearTimeout(timer);
                waiters.delete(check);
                found(event);
              };
              const timer = setTimeout(() => {
                waiters.delete(check);
                fail(new Error(`no matching event within ${timeoutMs} ms`));
              }, timeoutMs);
              waiters.add(check);
              check();
            }),
          close: () => request.destroy(),
        };
        res.on('data', (chunk: string) => {
          buffer += chunk;
          let end: number;
          while ((end = buffer.indexOf('\n\n')) !== -1) {
            const block = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            const fields = { event: 'message', data: [] as string[] };
            for (const line of block.split('\n')) {
              if (line.startsWith(':')) reader.comments += 1;
              else if (line.startsWith('event: ')) fields.event = line.slice(7);
              else if (line.startsWith('data: ')) fields.data.push(line.slice(6));
            }
            if (fields.data.length > 0)
              reader.events.push({ event: fields.event, data: fields.data.join('\n') });
          }
          for (const check of [...waiters]) check();
        });
        res.on('error', () => undefined);
        resolve(reader);
      },
    );
    request.on('error', reject);
  });
}
