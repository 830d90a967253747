// Scoreboards scenario (issue 'Scoreboards', item 5): while teams submit answers to the real
// server (a child process), first 1,000 viewers poll the rankings every 5 s, then 10,000 event
// streams stay open; on the embedded database and on PostgreSQL. The machine's reference comes
// first (issue 18, target 6): a bare Node http server writing one event to 10,000 streams.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { HealthResponse } from '@tappa/contracts';
import { type LoadStats, type Player, runLoad } from './lib/driver';
import { createHttpClient, type HttpClient } from './lib/http-client';
import { httpPlayer } from './lib/http-player';
import { ADMIN_URL, type Engine, readOptions } from './lib/options';
import { percentile } from './lib/report';
import { createPostgresDatabase, type ServerProcess, startServer } from './lib/server-process';
import { type BenchWorld, setUpWorld } from './lib/setup';
import { type EventStream, openEventStreams } from './scoreboards/event-streams';
import { epochNow, timedInProcess } from './scoreboards/held-streams';
import { latencies, leaderOf, timeBareFanOut, timePushes } from './scoreboards/push-timing';

const { option, databases } = readOptions({
  viewers: { type: 'string' },
  streams: { type: 'string' },
  teams: { type: 'string' },
  rate: { type: 'string' },
  duration: { type: 'string' },
  databases: { type: 'string' },
  phases: { type: 'string' },
  probes: { type: 'string' },
});

/** `--name value` on the command line, else `BENCH_*`, else the issue's numbers. */
const OPTIONS = {
  viewers: Number(option('viewers', 'BENCH_VIEWERS', '1000')),
  streams: Number(option('streams', 'BENCH_STREAMS', '10000')),
  teams: Number(option('teams', 'BENCH_TEAMS', '100')),
  /** Submissions per second while viewers watch (open loop). */
  ratePerS: Number(option('rate', 'BENCH_RATE', '20')),
  durationMs: Number(option('duration', 'BENCH_DURATION_S', '60')) * 1000,
  databases: databases(),
  /** `polling`, `streams` (each database), `reference` (the bare fan-out, first). */
  phases: option('phases', 'BENCH_PHASES', 'reference,polling,streams').split(','),
  /** Single changes timed from the submit to the event on every stream, one after another. */
  probes: Number(option('probes', 'BENCH_PROBES', '10')),
  adminUrl: ADMIN_URL,
};
/** The issue's goals. */
const GOAL = { readP95Ms: 20, computationsPerChange: 1, streamsMb: 300, pushP95Ms: 300 };
/** What a viewer polls: the route's rankings, every 5 s (doc 2 §9). */
const POLL_MS = 5000;
const STEPS = 30;

const ms = (sorted: number[], p: number) => `${percentile(sorted, p).toFixed(1)} ms`;
const verdict = (ok: boolean, goal: string) =>
  ok ? `goal met (${goal})` : `goal NOT met (${goal})`;
/** The push latencies of the reference run (bare fan-out), sorted; the ratios' denominator. */
let reference: number[] | null = null;
/** `sorted`'s percentiles as ratios to the reference's, or a note when it did not run. */
function ratios(sorted: number[]): string {
  const base = reference;
  if (!base) return 'no reference in this run';
  const ratio = (p: number) => (percentile(sorted, p) / percentile(base, p)).toFixed(2);
  return `p50 ${ratio(50)}× | p95 ${ratio(95)}× | p99 ${ratio(99)}× the bare fan-out`;
}

/** The reference: a bare Node http server's fan-out to as many streams (push-timing.ts). */
async function referencePhase() {
  const { pushMs, lines } = await timeBareFanOut(OPTIONS);
  reference = pushMs;
  return lines;
}

type Counters = HealthResponse['scoreboard'];

async function scoreboardCounters(client: HttpClient): Promise<Counters> {
  const res = await client.send({ method: 'GET', path: '/api/health' });
  return (JSON.parse(res.body) as { scoreboard: Counters }).scoreboard;
}

/** The teams' submissions during a phase, and what they did to the rankings. */
function submissionsLine(stats: LoadStats, computed: number) {
  const errors = [...stats.errors.values()].reduce((a, b) => a + b, 0);
  const perChange = computed / Math.max(1, stats.correct);
  return [
    `teams: ${stats.submissions} submissions (${(stats.submissions / stats.seconds).toFixed(0)}/s), ${stats.correct} correct = score changes, ${errors} errors; submit p95 ${ms(stats.latenciesMs, 95)}`,
    `rankings computed: ${computed} in ${stats.seconds.toFixed(0)} s = ${(computed / stats.seconds).toFixed(2)}/s, ${perChange.toFixed(2)} per score change | ${verdict(perChange <= GOAL.computationsPerChange, `≤ ${GOAL.computationsPerChange} per change`)}`,
  ];
}

/** The teams submit at the set pace for the phase's duration. */
const submitting = (players: Player[]) =>
  runLoad(
    players.filter((p) => !p.isDone),
    {
      concurrency: 16,
      maxSubmissions: Infinity,
      durationMs: OPTIONS.durationMs,
      ratePerS: OPTIONS.ratePerS,
    },
  );

/** Phase 1: every viewer polls the route's rankings every 5 s, each on its own schedule. */
async function pollingPhase(server: ServerProcess, world: BenchWorld, players: Player[]) {
  const client = createHttpClient(server.baseUrl, 128);
  const path = `/api/public/tenants/${world.slug}/scoreboard?route=${world.routeSlug}`;
  const read = (viewer: number) =>
    client.send({
      method: 'GET',
      path,
      headers: { 'x-forwarded-for': `10.1.${Math.floor(viewer / 256)}.${viewer % 256}` },
    });
  try {
    // Warm-up (not measured): the code path and the first computation.
    await Promise.all(Array.from({ length: 200 }, (_, i) => read(i)));
    const before = await scoreboardCounters(client);
    const readsMs: number[] = [];
    let failed = 0;
    const end = performance.now() + OPTIONS.durationMs;
    const viewer = async (n: number) => {
      // Viewers arrive spread over one period, as people open the page at different moments.
      await sleep((n * POLL_MS) / OPTIONS.viewers);
      for (let due = performance.now(); due < end; due += POLL_MS) {
        if (due > performance.now()) await sleep(due - performance.now());
        const t0 = performance.now();
        const res = await read(n).catch(() => ({ status: 0 }));
        if (res.status === 200) readsMs.push(performance.now() - t0);
        else failed += 1;
      }
    };
    const [stats] = await Promise.all([
      submitting(players),
      ...Array.from({ length: OPTIONS.viewers }, (_, n) => viewer(n)),
    ]);
    const after = await scoreboardCounters(client);
    readsMs.sort((a, b) => a - b);
    const seconds = OPTIONS.durationMs / 1000;
    return [
      `scenario: ${OPTIONS.viewers} viewers GET the route's rankings every 5 s for ${seconds} s while ${OPTIONS.teams} teams submit at ${OPTIONS.ratePerS}/s`,
      `reads: ${readsMs.length} (${(readsMs.length / seconds).toFixed(0)}/s), ${failed} failed | ${latencies(readsMs)} | ${verdict(percentile(readsMs, 95) <= GOAL.readP95Ms, `p95 ≤ ${GOAL.readP95Ms} ms`)}`,
      ...submissionsLine(stats, after.rankings_computed - before.rankings_computed),
      `server RSS ${(await server.rssMb()).toFixed(0)} MB`,
    ];
  } finally {
    client.close();
  }
}

/**
 * Phase 2: the streams open; then single correct tries, one after another, measure the time from the
 * submit to the event on every stream; then the teams submit at the set pace.
 */
async function streamsPhase(server: ServerProcess, world: BenchWorld, players: Player[]) {
  const client = createHttpClient(server.baseUrl, 4);
  const path = `/api/public/tenants/${world.slug}/scoreboard/stream?route=${world.routeSlug}`;
  const rssBefore = await server.rssMb();
  const openedAt = performance.now();
  const streams = await openEventStreams(server.baseUrl, {
    path,
    count: OPTIONS.streams,
    batch: 200,
  });
  const openSeconds = (performance.now() - openedAt) / 1000;
  await sleep(2000);
  const rssOpen = await server.rssMb();
  try {
    const counters = await scoreboardCounters(client);
    const computedBefore = counters.rankings_computed;
    const { pushMs, line } = await timePushes(timedInProcess(streams), {
      probes: OPTIONS.probes,
      what: 'tries',
      change: async () => {
        // The leader scores: a change outside the 20 rows shown would (rightly) push nothing.
        const player = await leaderOf(client, world, players);
        let t0 = epochNow();
        // A deliberate wrong answer changes no score: time the correct try that follows it.
        while ((await player.tryNext()).kind === 'wrong') t0 = epochNow();
        return t0;
      },
    });
    const before = await scoreboardCounters(client);
    const probeComputations = before.rankings_computed - computedBefore;
    const framesBefore = streams.reduce((n, s) => n + s.arrivals.length, 0);
    const stats = await submitting(players);
    const after = await scoreboardCounters(client);
    const frames = streams.reduce((n, s) => n + s.arrivals.length, 0) - framesBefore;
    const rssEnd = await server.rssMb();
    // What the open streams hold: the RSS with them open (settled) over the RSS before. The RSS
    // after the load also holds the garbage of 60 s of submissions, so it is only reported.
    const streamsMb = rssOpen - rssBefore;
    const closed = streams.filter((s: EventStream) => s.isClosed).length;
    for (const stream of streams) stream.close();
    await sleep(1000);
    const left = await scoreboardCounters(client);
    return [
      `scenario: ${OPTIONS.streams} event streams open on the route's rankings; single tries, then ${OPTIONS.teams} teams submit at ${OPTIONS.ratePerS}/s for ${OPTIONS.durationMs / 1000} s`,
      `opened in ${openSeconds.toFixed(1)} s, server counts ${counters.open_streams} open | ${closed} ended by the server during the run`,
      `submit → event on every stream ${line} | ${verdict(percentile(pushMs, 95) <= GOAL.pushP95Ms, `p95 ≤ ${GOAL.pushP95Ms} ms`)}`,
      `  as ratios: ${ratios(pushMs)}; ${probeComputations} rankings computed for the ${OPTIONS.probes} tries`,
      ...submissionsLine(stats, after.rankings_computed - before.rankings_computed),
      `events delivered under load: ${frames} (${(frames / (stats.seconds * Math.max(1, streams.length))).toFixed(2)} per stream per second)`,
      `server RSS ${rssBefore.toFixed(0)} MB before the streams, ${rssOpen.toFixed(0)} MB with them open, ${rssEnd.toFixed(0)} MB after the load: the streams cost ${streamsMb.toFixed(0)} MB | ${verdict(streamsMb <= GOAL.streamsMb, `≤ ${GOAL.streamsMb} MB for ${OPTIONS.streams} streams`)}`,
      `1 s after the bench closed them, the server counts ${left.open_streams} open streams`,
    ];
  } finally {
    for (const stream of streams) stream.close();
    client.close();
  }
}

async function benchDatabase(engine: Engine): Promise<void> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'tappa-bench-'));
  const pgDatabase = engine === 'postgres' ? await createPostgresDatabase(OPTIONS.adminUrl) : null;
  const server = await startServer({ dataDir, databaseUrl: pgDatabase?.url ?? null });
  const client = createHttpClient(server.baseUrl, 16);
  try {
    const world = await setUpWorld(client, { teams: OPTIONS.teams, steps: STEPS, concurrency: 16 });
    const players = world.teams.map((team) =>
      httpPlayer(client, { slug: world.slug, team, wrongRatio: 0.1 }),
    );
    console.log(`=== ${engine} ===`);
    if (OPTIONS.phases.includes('polling'))
      console.log(`${(await pollingPhase(server, world, players)).join('\n')}\n`);
    if (OPTIONS.phases.includes('streams'))
      console.log(`${(await streamsPhase(server, world, players)).join('\n')}\n`);
  } finally {
    client.close();
    await server.stop();
    await pgDatabase?.drop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

console.log(`${new Date().toISOString()} | Node ${process.version} | ${os.cpus().length} cores\n`);
if (OPTIONS.phases.includes('reference')) console.log(`${(await referencePhase()).join('\n')}\n`);
for (const engine of OPTIONS.databases) await benchDatabase(engine);
