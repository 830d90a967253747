import { setTimeout as sleep } from 'node:timers/promises';
import type { Rankings } from '@tappa/contracts';
import type { Player } from '../lib/driver';
import type { HttpClient } from '../lib/http-client';
import { percentile } from '../lib/report';
import type { BenchWorld } from '../lib/setup';
import { sampleRankings, startBareFanOut } from './bare-fan-out';
import { type EventStream, openEventStreams } from './event-streams';

/**
 * Longer than the rankings' push interval, even stretched by 10,000 streams' writes (decision
 * 0081): a probe after it is the first change after a quiet moment, pushed at once.
 */
const QUIET_MS = 1500;
/** How long a probe's event may take before it counts as missed on a stream. */
const MISSED_AFTER_MS = 3000;

const ms = (sorted: number[], p: number) => `${percentile(sorted, p).toFixed(1)} ms`;

/** p50, p95, p99 and max of sorted latencies, in ms. */
export const latencies = (sorted: number[]) =>
  `p50 ${ms(sorted, 50)} | p95 ${ms(sorted, 95)} | p99 ${ms(sorted, 99)} | max ${ms(sorted, 100)}`;

/**
 * Time from a change (`change` resolves with when it was made) to its event on every stream,
 * `probes` times. A probe ends when every stream has its event (or after `MISSED_AFTER_MS`); the
 * next one follows QUIET_MS later, so that each is the first change after a quiet moment. Answers the push latencies, sorted, and the line that reports them.
 */
export async function timePushes(
  streams: EventStream[],
  opts: { probes: number; what: string; change: () => Promise<number> },
) {
  const pushMs: number[] = [];
  let missed = 0;
  for (let probe = 0; probe < opts.probes; probe += 1) {
    const seen = streams.map((s) => s.arrivals.length);
    const t0 = await opts.change();
    const deadline = new AbortController();
    await Promise.race([
      Promise.all(streams.map((s, i) => s.arrived((seen[i] ?? 0) + 1))),
      sleep(MISSED_AFTER_MS, undefined, { signal: deadline.signal }).catch(() => undefined),
    ]);
    deadline.abort();
    await sleep(QUIET_MS);
    streams.forEach((s, i) => {
      const arrival = s.arrivals[seen[i] ?? 0];
      if (arrival === undefined) missed += 1;
      else pushMs.push(arrival - t0);
    });
  }
  pushMs.sort((a, b) => a - b);
  const line = `(${opts.probes} single ${opts.what}, one after another, ${pushMs.length} deliveries, ${missed} missed): ${latencies(pushMs)}`;
  return { pushMs, line };
}

/**
 * The reference: a bare Node http server (a child process, as the real server is) holds
 * `streams` streams and writes one event of a full ranking's size to all of them when asked;
 * timed as the server's push is, from the request that makes the change to the event on every
 * stream. Answers its push latencies (sorted) and its report.
 */
export async function timeBareFanOut(opts: { streams: number; probes: number }) {
  const bare = await startBareFanOut();
  const streams = await openEventStreams(bare.baseUrl, {
    path: '/',
    count: opts.streams,
    batch: 200,
  });
  try {
    let score = 1000;
    // The first event after the connects warms the fan-out up: not timed.
    await bare.publish(sampleRankings(score));
    await Promise.all(streams.map((s) => s.arrived(2)));
    const { pushMs, line } = await timePushes(streams, {
      probes: opts.probes,
      what: 'events',
      change: async () => {
        const t0 = performance.now();
        await bare.publish(sampleRankings((score += 10)));
        return t0;
      },
    });
    return {
      pushMs,
      lines: [
        `reference: this machine, a bare Node http server holding ${opts.streams} event streams writes one event (${sampleRankings(0).length} bytes of data) to all of them in one loop`,
        `request → event on every stream ${line}`,
      ],
    };
  } finally {
    for (const stream of streams) stream.close();
    await bare.stop();
  }
}

/**
 * The player of the team at the top of the route's rankings that still has steps to play; while
 * nobody is on them, a team whose first point puts it there.
 */
export async function leaderOf(client: HttpClient, world: BenchWorld, players: Player[]) {
  const res = await client.send({
    method: 'GET',
    path: `/api/public/tenants/${world.slug}/scoreboard?route=${world.routeSlug}`,
  });
  const { overall } = JSON.parse(res.body) as Rankings;
  for (const row of overall) {
    const player = players[world.teams.findIndex((team) => team.name === row.team_name)];
    if (player && !player.isDone) return player;
  }
  if (overall.length === 0 && players[0]) return players[0];
  throw new Error('no team on the rankings has steps left to play');
}
