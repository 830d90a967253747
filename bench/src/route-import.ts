// Route import scenario (issue 12, defect 7): how long importing a large route takes, and how long
// another tenant's request waits meanwhile, on the embedded database and on PostgreSQL.
import os from 'node:os';
import path from 'node:path';
import { largeRouteJson } from '@tappa/domain/fixtures/large-route';
import type { HttpClient } from './lib/http-client';
import { type Engine, readOptions } from './lib/options';
import { percentile } from './lib/report';
import { onFreshServer } from './lib/server-process';
import { apiCall, benchRouteJson, createBenchTenant, signInSuperadmin } from './lib/setup';

const { option, databases } = readOptions({
  steps: { type: 'string' },
  texts: { type: 'string' },
  rounds: { type: 'string' },
  databases: { type: 'string' },
  'server-root': { type: 'string' },
});

const OPTIONS = {
  steps: Number(option('steps', 'BENCH_STEPS', '200')),
  /** `generous` (the sizing route of decision 0024) or `short` (one-line texts). */
  texts: option('texts', 'BENCH_TEXTS', 'generous'),
  rounds: Number(option('rounds', 'BENCH_ROUNDS', '5')),
  databases: databases(),
  serverRoot: option('server-root', 'BENCH_SERVER_ROOT', ''),
};

/** One import and what the other tenant saw while it ran. */
interface Round {
  status: number;
  importMs: number;
  /** The slowest of the other tenant's requests that started during the import. */
  otherMaxMs: number;
  otherCount: number;
}

const ms = (value: number) => `${value.toFixed(1)} ms`;

function routeDocument(slug: string): string {
  if (OPTIONS.texts === 'short') return benchRouteJson(OPTIONS.steps).replace('bench-route', slug);
  return largeRouteJson({ slug, steps: OPTIONS.steps });
}

/** Imports `body` as tenant A's staff while tenant B's players list B's routes, one at a time. */
async function importRound(
  client: HttpClient,
  opts: { admin: string; slugA: string; slugB: string; body: string },
): Promise<Round> {
  let importing = true;
  let otherMaxMs = 0;
  let otherCount = 0;
  const other = async () => {
    while (importing) {
      const t0 = performance.now();
      await client.send({ method: 'GET', path: `/api/play/${opts.slugB}/routes` });
      otherMaxMs = Math.max(otherMaxMs, performance.now() - t0);
      otherCount++;
    }
  };
  const t0 = performance.now();
  const send = client
    .send({
      method: 'POST',
      path: `/api/tenants/${opts.slugA}/routes/import`,
      headers: { 'x-tappa-csrf': '1', 'content-type': 'application/json', cookie: opts.admin },
      body: opts.body,
    })
    .finally(() => {
      importing = false;
    });
  const [answer] = await Promise.all([send, other()]);
  return { status: answer.status, importMs: performance.now() - t0, otherMaxMs, otherCount };
}

function summary(label: string, rounds: Round[]): string {
  const sorted = (pick: (r: Round) => number) => rounds.map(pick).sort((a, b) => a - b);
  const importMs = sorted((r) => r.importMs);
  const otherMs = sorted((r) => r.otherMaxMs);
  const statuses = [...new Set(rounds.map((r) => r.status))].join(', ');
  return [
    `${label}: status ${statuses}`,
    `  import p50 ${ms(percentile(importMs, 50))} | max ${ms(importMs.at(-1) ?? 0)}`,
    `  other tenant's slowest request during it: p50 ${ms(percentile(otherMs, 50))} | max ${ms(otherMs.at(-1) ?? 0)}` +
      ` (${rounds.map((r) => r.otherCount).join('/')} requests)`,
  ].join('\n');
}

async function benchDatabase(engine: Engine): Promise<void> {
  const serverRoot = OPTIONS.serverRoot && path.resolve(OPTIONS.serverRoot);
  await onFreshServer(engine, { sockets: 4, server: { serverRoot } }, async (_server, client) => {
    const admin = await signInSuperadmin(client);
    const slugA = await createBenchTenant(client, admin);
    const slugB = await createBenchTenant(client, admin);
    await apiCall(client, {
      method: 'POST',
      path: `/api/tenants/${slugB}/routes/import`,
      cookie: admin,
      body: JSON.stringify({ json: benchRouteJson(30) }),
    });
    const alone: number[] = [];
    for (let i = 0; i < 50; i++) {
      const t0 = performance.now();
      await client.send({ method: 'GET', path: `/api/play/${slugB}/routes` });
      alone.push(performance.now() - t0);
    }
    alone.sort((a, b) => a - b);
    const inserts: Round[] = [];
    const replaces: Round[] = [];
    for (let r = 0; r < OPTIONS.rounds; r++) {
      const body = JSON.stringify({ json: routeDocument(`large-${r}`) });
      inserts.push(await importRound(client, { admin, slugA, slugB, body }));
    }
    for (let r = 0; r < OPTIONS.rounds; r++) {
      const body = JSON.stringify({ json: routeDocument('large-0') });
      replaces.push(await importRound(client, { admin, slugA, slugB, body }));
    }
    const size = Buffer.byteLength(JSON.stringify({ json: routeDocument('large-0') }));
    console.log(
      [
        `scenario: POST …/routes/import, ${engine}, ${OPTIONS.steps} steps with ${OPTIONS.texts} texts (body ${(size / 1024).toFixed(0)} KB), ${OPTIONS.rounds} rounds`,
        `other tenant's GET /api/play/{slug}/routes alone: p50 ${ms(percentile(alone, 50))} | max ${ms(alone.at(-1) ?? 0)}`,
        summary('a new route', inserts),
        summary('the same route again (steps updated in place)', replaces),
        '',
      ].join('\n'),
    );
  });
}

console.log(`${new Date().toISOString()} | Node ${process.version} | ${os.cpus().length} cores\n`);
for (const engine of OPTIONS.databases) await benchDatabase(engine);
