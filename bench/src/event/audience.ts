import { setMaxListeners } from 'node:events';
import { setTimeout as sleep } from 'node:timers/promises';
import { LIVE_CONSOLE_CHANGE_EVENT, LIVE_CONSOLE_EVENT } from '@tappa/contracts';
import { createHttpClient } from '../lib/http-client';
import type { Team } from '../lib/setup';
import { type EventStream, openEventStream, openEventStreams } from '../scoreboards/event-streams';
import type { EventWorld } from './deployment';
import { MEASURING_STREAMS, PHONES, POLL_MS } from './options';
import type { PushTracker } from './push-tracker';

/** What the pollers read since the last `takeReads()`. */
export interface PollReads {
  /** Latencies of the reads answered 200, in ms, sorted. */
  readsMs: number[];
  failed: number;
}

/** Everyone watching the event besides the teams' tries. */
export interface Audience {
  streams: number;
  /** Streams the server ended while they were open (none should). */
  endedByServer(): number;
  takeReads(): PollReads;
  close(): Promise<void>;
}

/** Each viewer's own address, as browsers behind a proxy would have. */
const viewerIp = (n: number) => `10.230.${Math.floor(n / 250)}.${(n % 250) + 1}`;
const pollerIp = (n: number) => `10.1.${Math.floor(n / 250)}.${(n % 250) + 1}`;

/**
 * Opens the event's audience at `url`: `viewers` rankings streams of the route (the first
 * MEASURING_STREAMS read by `tracker`), `pollers` that read the rankings every POLL_MS, one live
 * console of the route as the superadmin (read by `tracker`), and PHONES teams' phones holding
 * their game's stream.
 */
export async function openAudience(
  url: string,
  opts: { world: EventWorld; viewers: number; pollers: number; tracker: PushTracker },
): Promise<Audience> {
  const { world, tracker } = opts;
  const rankingsPath = `/api/public/tenants/${world.slug}/scoreboard/stream?route=${world.routeSlug}`;
  const measuring = Math.min(MEASURING_STREAMS, opts.viewers);
  const streams: EventStream[] = [];
  const open = async (opening: Promise<EventStream[]>) => streams.push(...(await opening));
  await open(
    Promise.all(
      Array.from({ length: measuring }, (_, n) =>
        openEventStream(url, {
          path: rankingsPath,
          ip: viewerIp(n),
          onEvent: tracker.rankingsReader(),
        }),
      ),
    ),
  );
  await open(
    openEventStreams(url, { path: rankingsPath, count: opts.viewers - measuring, batch: 50 }),
  );
  await open(
    openEventStream(url, {
      path: `/api/tenants/${world.slug}/live/stream?route=${world.routeId}`,
      ip: '10.240.0.1',
      event: [LIVE_CONSOLE_EVENT, LIVE_CONSOLE_CHANGE_EVENT],
      cookie: world.admin,
      onEvent: tracker.consoleReader(),
    }).then((s) => [s]),
  );
  const phones = world.teams.slice(0, PHONES);
  await open(Promise.all(phones.map((team: Team) => openPhone(url, world.slug, team))));

  const client = createHttpClient(url, Math.max(1, opts.pollers));
  let reads: PollReads = { readsMs: [], failed: 0 };
  let isOpen = true;
  const stopPolling = new AbortController();
  // Every poller waits on it.
  setMaxListeners(opts.pollers + 10, stopPolling.signal);
  const poller = async (n: number) => {
    // Pollers arrive spread over one period, as people open the page at different moments.
    const wait = (ms: number) =>
      sleep(ms, undefined, { signal: stopPolling.signal }).catch(() => undefined);
    await wait((n * POLL_MS) / Math.max(1, opts.pollers));
    for (let due = performance.now(); isOpen; due += POLL_MS) {
      if (due > performance.now()) await wait(due - performance.now());
      if (!isOpen) return;
      const t0 = performance.now();
      const res = await client
        .send({
          method: 'GET',
          path: `/api/public/tenants/${world.slug}/scoreboard?route=${world.routeSlug}`,
          headers: { 'x-forwarded-for': pollerIp(n) },
        })
        .catch(() => ({ status: 0 }));
      if (res.status === 200) reads.readsMs.push(performance.now() - t0);
      else reads.failed += 1;
    }
  };
  const polling = Promise.all(Array.from({ length: opts.pollers }, (_, n) => poller(n)));
  return {
    streams: streams.length,
    endedByServer: () => streams.filter((s) => s.isClosed).length,
    takeReads: () => {
      const taken = reads;
      reads = { readsMs: [], failed: 0 };
      taken.readsMs.sort((a, b) => a - b);
      return taken;
    },
    close: async () => {
      isOpen = false;
      stopPolling.abort();
      await polling;
      client.close();
      for (const stream of streams) stream.close();
    },
  };
}

/** A team's phone holding its game's stream (`game` events). */
function openPhone(url: string, slug: string, team: Team): Promise<EventStream> {
  return openEventStream(url, {
    path: `/api/play/${slug}/games/${team.gameId}/live/stream`,
    ip: team.ip,
    event: 'game',
    cookie: team.cookie,
  });
}
