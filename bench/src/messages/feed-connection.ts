import http from 'node:http';
import { epochNow } from '../scoreboards/held-streams';

/** A `message` event as a phone's feed got it: its id (the `seq`), its data and when it came. */
export interface FeedEvent {
  seq: number;
  /** The event's data (a `PlayerMessage` as JSON), kept as text: parsed only when checked. */
  data: string;
  /** When the chunk holding it arrived (epoch ms, `epochNow()`), before any parsing. */
  at: number;
}

/** One connection of a phone to its feed (`messages.stream`), as a browser's EventSource. */
export interface FeedConnection {
  /** Resolves true once answered 200, false if refused or failed. */
  opened: Promise<boolean>;
  /** Resolves once the connection has ended (the server's end, or `drop()`). */
  ended: Promise<void>;
  isEnded(): boolean;
  /** Drops the connection: the socket is destroyed, as a phone entering a dead zone. */
  drop(): void;
}

/**
 * Opens `path` (the feed, with `?after=` or not) with the team's cookie and address, and
 * `Last-Event-ID` when given; calls `onEvent` with each `message` event. The reading is kept
 * cheap: the arrival time is taken once per chunk, a frame is split only at its blank line and
 * only its `id:` line is read; the data is kept as text.
 */
export function openFeed(opts: {
  baseUrl: string;
  path: string;
  cookie: string;
  ip: string;
  lastEventId?: string;
  onEvent: (event: FeedEvent) => void;
}): FeedConnection {
  let isEnded = false;
  let endedResolve: () => void = () => undefined;
  const ended = new Promise<void>((resolve) => (endedResolve = resolve));
  const end = () => {
    isEnded = true;
    endedResolve();
  };
  // No agent: every phone has its own connection, as every browser has.
  const req = http.get(new URL(opts.path, opts.baseUrl), {
    agent: false,
    headers: {
      accept: 'text/event-stream',
      cookie: opts.cookie,
      'x-forwarded-for': opts.ip,
      ...(opts.lastEventId === undefined ? {} : { 'last-event-id': opts.lastEventId }),
    },
  });
  const opened = new Promise<boolean>((resolve) => {
    req.on('error', () => {
      end();
      resolve(false);
    });
    req.on('response', (res) => {
      if (res.statusCode !== 200) {
        res.resume();
        res.on('close', end);
        resolve(false);
        return;
      }
      resolve(true);
      res.setEncoding('utf8');
      let pending = '';
      res.on('data', (chunk: string) => {
        const at = epochNow();
        pending += chunk;
        let stop = pending.indexOf('\n\n');
        while (stop !== -1) {
          const frame = pending.slice(0, stop);
          pending = pending.slice(stop + 2);
          stop = pending.indexOf('\n\n');
          // `id: {seq}\nevent: message\ndata: {json}`; `retry:` and `: ping` frames are skipped.
          if (!frame.startsWith('id: ')) continue;
          const idEnd = frame.indexOf('\n');
          const dataAt = frame.indexOf('\ndata: ');
          if (dataAt === -1 || !frame.includes('\nevent: message\n')) continue;
          opts.onEvent({ seq: Number(frame.slice(4, idEnd)), data: frame.slice(dataAt + 7), at });
        }
      });
      res.on('close', end);
    });
  });
  return { opened, ended, isEnded: () => isEnded, drop: () => req.destroy() };
}
