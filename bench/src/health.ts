// Baseline scenario: the health endpoint (one database round trip) under concurrent load, on the
// embedded database. Prints p50/p95/p99 latency, throughput and the server's memory.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../../apps/server/src/app';
import { loadConfig } from '../../apps/server/src/config';
import { percentile } from './lib/report';

const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 2000);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 20);

async function main(): Promise<void> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'tappa-bench-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    SEED_DEMO: 'false',
    PORT: '0',
    HOST: '127.0.0.1',
  });
  const app = await buildApp(config, { logger: false });
  const base = await app.listen({ port: 0, host: '127.0.0.1' });

  const latencies: number[] = [];
  let next = 0;
  let failures = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < REQUESTS) {
        next += 1;
        const t0 = performance.now();
        const res = await fetch(`${base}/api/health`);
        await res.arrayBuffer();
        if (!res.ok) failures += 1;
        latencies.push(performance.now() - t0);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const rssMb = process.memoryUsage().rss / 1024 / 1024;
  console.log(
    [
      `scenario: GET /api/health, ${REQUESTS} requests, ${CONCURRENCY} concurrent, PGlite`,
      `p50 ${percentile(latencies, 50).toFixed(2)} ms | p95 ${percentile(latencies, 95).toFixed(2)} ms | p99 ${percentile(latencies, 99).toFixed(2)} ms`,
      `throughput ${(REQUESTS / seconds).toFixed(0)} req/s | failures ${failures} | server+client RSS ${rssMb.toFixed(0)} MB`,
    ].join('\n'),
  );
  await app.close();
  await rm(dataDir, { recursive: true, force: true });
}

await main();
