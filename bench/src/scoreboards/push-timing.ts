import { setTimeout as sleep } from 'node:timers/promises';
import type { Rankings } from '@tappa/contracts';
import type { Player } from '../lib/driver';
import type { HttpClient } from '../lib/http-client';
import { percentile } from '../lib/report';
import type { BenchWorld } from '../lib/setup';
import { sampleRankings, startBareFanOut } from './bare-fan-out';
import { openEventStreams } from './event-streams';
import { epochNow, holdEventStreams, type TimedStreams, timedInProcess } from './held-streams';

/**
 * Longer than the rankings' push interval, even stretched by 10,000 streams' writes (some 2 s,
 * decisions 0081 and 0082): a probe after it is the first change after a quiet moment, pushed at
 * once.
 */
const QUIET_MS = 3000;
/** How long a probe's event may take before it counts as missed on a stream. */
const MISSED_AFTER_MS = 3000;

const ms = (sorted: number[], p: number) => `${percentile(sorted, p).toFixed(1)} ms`;

/** p50, p95, p99 and max of sorted latencies, in ms. */
export const latencies = (sorted: number[]) =>
  `p50 ${ms(sorted, 50)} | p95 ${ms(sorted, 95)} | p99 ${ms(sorted, 99)} | max ${ms(sorted, 100)}`;

/**
 * Time from a change (`change` resolves with when it was made, `epochNow()`) to its event on
 * every stream, `probes` times. A probe ends when every stream has its event (or after
 * `MISSED_AFTER_MS`); the next one follows QUIET_MS later, so that each is the first change
 * after a quiet moment. Answers the push latencies, sorted, and the line that reports them.
 */
export async function timePushes(
  streams: TimedStreams,
  opts: { probes: number; what: string; change: () => Promise<number> },
) {
  const pushMs: number[] = [];
  let missed = 0;
  for (let probe = 0; probe < opts.probes; probe += 1) {
    await streams.mark();
    const t0 = await opts.change();
    const collected = await streams.collect(t0, MISSED_AFTER_MS);
    pushMs.push(...collected.latenciesMs);
    missed += collected.missed;
    await sleep(QUIET_MS);
  }
  pushMs.sort((a, b) => a - b);
  const line = `(${opts.probes} single ${opts.what}, one after another, ${pushMs.length} deliveries, ${missed} missed): ${latencies(pushMs)}`;
  return { pushMs, line };
}

/**
 * The reference: a bare Node http server (a child process, as the real server is) holds
 * `streams` streams and writes one event of a full ranking's size to all of them when asked;
 * timed as the server's push is, from the request that makes the change to the event on every
 * stream, the streams read in this process or (`held`) in a child process of their own, as the
 * server's are. Answers its push latencies (sorted) and its report.
 */
export async function timeBareFanOut(opts: { streams: number; probes: number; held?: boolean }) {
  const bare = await startBareFanOut();
  const open = { path: '/', count: opts.streams };
  const held = opts.held ? await holdEventStreams(bare.baseUrl, open) : null;
  const inProcess = held ? [] : await openEventStreams(bare.baseUrl, { ...open, batch: 200 });
  const streams = held ?? timedInProcess(inProcess);
  try {
    let score = 1000;
    // The first event after the connects warms the fan-out up: not timed.
    await streams.mark();
    await bare.publish(sampleRankings(score));
    await streams.collect(epochNow(), MISSED_AFTER_MS);
    const { pushMs, line } = await timePushes(streams, {
      probes: opts.probes,
      what: 'events',
      change: async () => {
        const t0 = epochNow();
        await bare.publish(sampleRankings((score += 10)));
        return t0;
      },
    });
    return {
      pushMs,
      lines: [
        `reference: this machine, a bare Node http server holding ${opts.streams} event streams (read ${held ? 'by a child process of the bench' : 'by the bench'}) writes one event (${sampleRankings(0).length} bytes of data) to all of them in one loop`,
        `request → event on every stream ${line}`,
      ],
    };
  } finally {
    for (const stream of inProcess) stream.close();
    await held?.close();
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
