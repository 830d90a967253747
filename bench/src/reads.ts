// Cached reads scenario (issue 18, target 4): the public scoreboard GET, the public tenant and the
// players' route list against `/api/health` (the reference), on the real server in a child
// process, on the embedded database and on PostgreSQL; each read's rate as a ratio to health's.
import os from 'node:os';
import path from 'node:path';
import { runLoad } from './lib/driver';
import type { HttpClient } from './lib/http-client';
import { httpPlayer } from './lib/http-player';
import { ADMIN_URL, type Engine, readOptions } from './lib/options';
import { percentile } from './lib/report';
import { onFreshServer, readCpu } from './lib/server-process';
import { type BenchWorld, setUpWorld } from './lib/setup';

const { option, databases } = readOptions({
  duration: { type: 'string' },
  concurrency: { type: 'string' },
  rounds: { type: 'string' },
  databases: { type: 'string' },
  'cpu-prof': { type: 'string' },
  'server-root': { type: 'string' },
});

/** `--name value` on the command line, else `BENCH_*`, else these. */
const OPTIONS = {
  /** Seconds each endpoint is measured per round. */
  durationMs: Number(option('duration', 'BENCH_DURATION_S', '5')) * 1000,
  concurrency: Number(option('concurrency', 'BENCH_CONCURRENCY', '16')),
  rounds: Number(option('rounds', 'BENCH_ROUNDS', '3')),
  databases: databases(),
  cpuProfDir: option('cpu-prof', 'BENCH_CPU_PROF', ''),
  serverRoot: option('server-root', 'BENCH_SERVER_ROOT', ''),
  adminUrl: ADMIN_URL,
};
/** The goal: each cached read at this share of health's rate, or more. */
const GOAL_RATIO = 0.8;
const TEAMS = 20;
const STEPS = 10;
/** Distinct client addresses the load comes from (X-Forwarded-For), as phones at an event. */
const ADDRESSES = 256;

interface Endpoint {
  name: string;
  path: string;
}

interface Measured {
  requests: number;
  seconds: number;
  latenciesMs: number[];
  failed: number;
  cpuMs: number;
}

/** Keeps `concurrency` GETs of `path` in flight for `durationMs`; counts only 200s as done. */
async function hammer(client: HttpClient, pid: number, endpoint: Endpoint): Promise<Measured> {
  const latenciesMs: number[] = [];
  let failed = 0;
  let sent = 0;
  const cpuBefore = await readCpu(pid);
  const startedMs = performance.now();
  const endMs = startedMs + OPTIONS.durationMs;
  const worker = async () => {
    while (performance.now() < endMs) {
      const n = sent++;
      const t0 = performance.now();
      const res = await client
        .send({
          method: 'GET',
          path: endpoint.path,
          headers: { 'x-forwarded-for': `10.2.0.${n % ADDRESSES}` },
        })
        .catch(() => ({ status: 0 }));
      if (res.status === 200) latenciesMs.push(performance.now() - t0);
      else failed += 1;
    }
  };
  await Promise.all(Array.from({ length: OPTIONS.concurrency }, worker));
  const seconds = (performance.now() - startedMs) / 1000;
  const cpuAfter = await readCpu(pid);
  latenciesMs.sort((a, b) => a - b);
  return {
    requests: latenciesMs.length,
    seconds,
    latenciesMs,
    failed,
    cpuMs: cpuAfter.cpuMs - cpuBefore.cpuMs,
  };
}

/** The endpoints measured, health (the reference) first. */
function endpointsOf(world: BenchWorld): Endpoint[] {
  return [
    { name: 'GET /api/health', path: '/api/health' },
    {
      name: 'GET /api/public/tenants/{slug}/scoreboard?route=…',
      path: `/api/public/tenants/${world.slug}/scoreboard?route=${world.routeSlug}`,
    },
    { name: 'GET /api/public/tenants/{slug}', path: `/api/public/tenants/${world.slug}` },
    { name: 'GET /api/play/{slug}/routes', path: `/api/play/${world.slug}/routes` },
  ];
}

const fixed = (n: number, digits = 2) => n.toFixed(digits);

async function benchDatabase(engine: Engine): Promise<void> {
  const nodeArgs = OPTIONS.cpuProfDir
    ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(OPTIONS.cpuProfDir)}`]
    : [];
  const serverRoot = OPTIONS.serverRoot && path.resolve(OPTIONS.serverRoot);
  const opts = {
    sockets: OPTIONS.concurrency,
    adminUrl: OPTIONS.adminUrl,
    server: { nodeArgs, serverRoot },
  };
  await onFreshServer(engine, opts, async (server, client) => {
    const world = await setUpWorld(client, { teams: TEAMS, steps: STEPS, concurrency: 8 });
    // Every team plays a few steps, so the rankings have rows; then nothing changes them.
    const players = world.teams.map((team) =>
      httpPlayer(client, { slug: world.slug, team, wrongRatio: 0 }),
    );
    await runLoad(players, { concurrency: 8, maxSubmissions: TEAMS * 3, durationMs: 60_000 });
    const endpoints = endpointsOf(world);
    // Warm-up (not measured): every code path once, the rankings computed.
    for (const endpoint of endpoints) {
      await hammer(client, server.pid, endpoint);
    }
    const totals = endpoints.map(() => ({
      requests: 0,
      seconds: 0,
      failed: 0,
      cpuMs: 0,
      latenciesMs: [] as number[],
    }));
    // Rounds take the endpoints in turn, so drift on the shared machine hits them alike.
    for (let round = 0; round < OPTIONS.rounds; round += 1) {
      for (const [i, endpoint] of endpoints.entries()) {
        const m = await hammer(client, server.pid, endpoint);
        const total = totals[i];
        if (!total) continue;
        total.requests += m.requests;
        total.seconds += m.seconds;
        total.failed += m.failed;
        total.cpuMs += m.cpuMs;
        // One by one: spreading ~100,000 latencies into push() overflows the call stack.
        for (const latencyMs of m.latenciesMs) total.latenciesMs.push(latencyMs);
      }
    }
    const healthRate = (totals[0]?.requests ?? 0) / (totals[0]?.seconds ?? 1);
    console.log(
      `=== ${engine} === ${OPTIONS.concurrency} in flight, ${OPTIONS.rounds} rounds of ${OPTIONS.durationMs / 1000} s per endpoint, server RSS ${fixed(await server.rssMb(), 0)} MB`,
    );
    for (const [i, endpoint] of endpoints.entries()) {
      const t = totals[i];
      if (!t) continue;
      t.latenciesMs.sort((a, b) => a - b);
      const rate = t.requests / t.seconds;
      const ratio = rate / healthRate;
      const verdict =
        i === 0
          ? '(reference)'
          : `${fixed(ratio)} of health | ${ratio >= GOAL_RATIO ? 'goal met' : 'goal NOT met'} (≥ ${GOAL_RATIO})`;
      console.log(
        [
          `${endpoint.name}: ${fixed(rate, 0)}/s ${verdict}`,
          `  p50 ${fixed(percentile(t.latenciesMs, 50))} ms | p95 ${fixed(percentile(t.latenciesMs, 95))} ms | failed ${t.failed} | server CPU ${fixed(t.cpuMs / Math.max(1, t.requests), 3)} ms per request`,
        ].join('\n'),
      );
    }
    console.log(`load average (1 min) ${os.loadavg()[0]?.toFixed(2) ?? '?'}\n`);
  });
}

console.log(`${new Date().toISOString()} | Node ${process.version} | ${os.cpus().length} cores\n`);
for (const engine of OPTIONS.databases) await benchDatabase(engine);
