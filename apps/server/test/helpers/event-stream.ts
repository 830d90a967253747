import http, { type IncomingHttpHeaders } from 'node:http';

/** One event of a Server-Sent Events stream. */
export interface StreamEvent {
  event: string;
  data: string;
  /** The event's id (what a browser sends back as `Last-Event-ID`), if it has one. */
  id?: string;
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
  /** The first event (from the start) that `match` accepts, whenever it arrives. */
  waitFor(match: (event: StreamEvent) => boolean): Promise<StreamEvent>;
  /**
   * Resolves once `count` comment lines arrived in all: everything the server wrote before the
   * comment that makes the count has arrived too.
   */
  waitForComments(count: number): Promise<void>;
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
          waitFor: (match) =>
            new Promise((found) => {
              const check = () => {
                const event = reader.events.find(match);
                if (!event) return;
                waiters.delete(check);
                found(event);
              };
              waiters.add(check);
              check();
            }),
          waitForComments: (count) =>
            new Promise((done) => {
              const check = () => {
                if (reader.comments < count) return;
                waiters.delete(check);
                done();
              };
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
            const fields = {
              event: 'message',
              data: [] as string[],
              id: undefined as string | undefined,
            };
            for (const line of block.split('\n')) {
              if (line.startsWith(':')) reader.comments += 1;
              else if (line.startsWith('event: ')) fields.event = line.slice(7);
              else if (line.startsWith('data: ')) fields.data.push(line.slice(6));
              else if (line.startsWith('id: ')) fields.id = line.slice(4);
            }
            if (fields.data.length > 0)
              reader.events.push({
                event: fields.event,
                data: fields.data.join('\n'),
                id: fields.id,
              });
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
