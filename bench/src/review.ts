// Photo review scenario (issue 34, "Numbers it must reach"; decision 0083): the real server in a
// child process on a fresh DATA_DIR, PGlite unless told (`--databases pglite,postgres`).
// 1. keyboard: 100 teams send a photo on a step under staff review; a judge opens the queue in
//    Chromium (desktop) and presses A 100 times, each once the next item's image shows: keypress →
//    next image displayed, and the whole wall time.
// 2. two judges: 200 more items; two judges clear the queue in parallel through the API as the
//    page walks it (`next` with `after`, then `decide`): items decided twice, refusals, items left
//    pending, and the `review` entries of every game's ledger.
// 3. phone: 50 of those teams hold their game's stream and send their second photo; a judge
//    decides their items (approve and reject in turn): decide request → the phone's frame.
// Needs `npm run build` (the queue page is served from apps/web/dist).
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { CHROMIUM_FLAGS } from './first-load/lighthouse-run';
import { createHttpClient, type HttpClient } from './lib/http-client';
import { ADMIN_URL, type Engine, readOptions } from './lib/options';
import { percentile } from './lib/report';
import { createPostgresDatabase, type ServerProcess, startServer } from './lib/server-process';
import { setUpWorld, type StaffWorld, withStaff } from './lib/setup';
import { keyboardJudge } from './review/keyboard';
import { decisionToPhone } from './review/phone';
import { twoJudges } from './review/two-judges';
import {
  judgeHome,
  type JudgeHome,
  makeJudge,
  pendingCount,
  reviewRouteJson,
  teamsWithItems,
} from './review/world';

const { option } = readOptions({
  items: { type: 'string' },
  'api-items': { type: 'string' },
  phones: { type: 'string' },
  databases: { type: 'string' },
});

/** `--name value` on the command line, else `BENCH_*`, else the issue's numbers. */
const OPTIONS = {
  keyboardItems: Number(option('items', 'BENCH_ITEMS', '100')),
  apiItems: Number(option('api-items', 'BENCH_API_ITEMS', '200')),
  phones: Number(option('phones', 'BENCH_PHONES', '50')),
  databases: option('databases', 'BENCH_DATABASES', 'pglite').split(',') as Engine[],
};
/** The issue's goals. */
const GOAL = { keyboardTotalMs: 5 * 60_000, imageMs: 300, phoneP95Ms: 2000 };
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/** Teams registering and sending photos at once during the set-up (not measured). */
const SETUP_CONCURRENCY = 8;

const ms = (sorted: number[], p: number) => `${percentile(sorted, p).toFixed(0)} ms`;
const latencies = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return `p50 ${ms(sorted, 50)} | p95 ${ms(sorted, 95)} | max ${ms(sorted, 100)}`;
};
const verdict = (ok: boolean, goal: string) =>
  ok ? `goal met (${goal})` : `goal missed (${goal})`;

/** A request's start → end in ms from the keypress, or that it was not found. */
const span = (t: { startMs: number; endMs: number } | null) =>
  t ? `${t.startMs.toFixed(0)} → ${t.endMs.toFixed(0)}` : 'not found';

async function keyboardPhase(
  client: HttpClient,
  server: ServerProcess,
  world: StaffWorld,
  home: JudgeHome,
): Promise<string[]> {
  const judge = await makeJudge(client, world, home, 0);
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_FLAGS });
  try {
    const run = await keyboardJudge(
      browser,
      server,
      world,
      judge,
      OPTIONS.keyboardItems,
      GOAL.imageMs,
    );
    const slowest = Math.max(...run.imageMs);
    const over = run.imageMs.filter((t) => t > GOAL.imageMs).length;
    return [
      `keyboard: ${OPTIONS.keyboardItems} photo items (1600×1200 JPEG), a judge in Chromium (desktop 1280×800) presses A on /${world.slug}/live/review`,
      `  first image ${run.firstImageMs.toFixed(0)} ms after the navigation; problems shown ${run.problems}`,
      `  keypress → next image displayed (${run.imageMs.length} decisions): ${latencies(run.imageMs)} | over ${GOAL.imageMs} ms: ${over} | ${verdict(slowest <= GOAL.imageMs, `each ≤ ${GOAL.imageMs} ms`)}`,
      ...run.slow.map(
        ({ shownMs, photo, claim }) =>
          `    ${shownMs.toFixed(0)} ms: its claim (next) ${span(claim)}, its image ${span(photo)} (ms from the keypress)`,
      ),
      `  last keypress → the empty queue ${run.lastMs.toFixed(0)} ms`,
      `  wall time: ${(run.decisionsWallMs / 1000).toFixed(1)} s from the first keypress, ${(run.totalWallMs / 1000).toFixed(1)} s from the navigation | ${verdict(run.totalWallMs <= GOAL.keyboardTotalMs, `≤ ${GOAL.keyboardTotalMs / 60_000} min`)}`,
    ];
  } finally {
    await browser.close();
  }
}

async function benchDatabase(engine: Engine): Promise<void> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'tappa-bench-'));
  const pgDatabase = engine === 'postgres' ? await createPostgresDatabase(ADMIN_URL) : null;
  const server = await startServer({ dataDir, databaseUrl: pgDatabase?.url ?? null });
  const client = createHttpClient(server.baseUrl, 32);
  try {
    // The route and the keyboard phase's teams, each with its photo waiting (not measured).
    const base = await setUpWorld(client, {
      teams: 0,
      steps: 3,
      concurrency: SETUP_CONCURRENCY,
      routeJson: reviewRouteJson(),
    });
    const world = await withStaff(client, base);
    const home = await judgeHome(client, world);
    const items = { concurrency: SETUP_CONCURRENCY };
    await teamsWithItems(client, world, { from: 0, count: OPTIONS.keyboardItems, ...items });
    console.log(`=== ${engine} ===`);
    console.log((await keyboardPhase(client, server, world, home)).join('\n'));
    const left = await pendingCount(client, world);
    if (left !== 0)
      console.log(`  NOT cleared: ${left} items still pending after the keyboard phase`);

    const apiTeams = await teamsWithItems(client, world, {
      from: OPTIONS.keyboardItems,
      count: OPTIONS.apiItems,
      ...items,
    });
    const judges = [
      await makeJudge(client, world, home, 1),
      await makeJudge(client, world, home, 2),
    ];
    const two = await twoJudges(
      client,
      world,
      judges,
      apiTeams.map((t) => t.player.team.gameId),
    );
    const refused = [...two.refused].map(([code, n]) => `${code} ${n}`).join(', ') || 'none';
    const entries = [...two.reviewEntriesPerGame]
      .sort(([a], [b]) => a - b)
      .map(([count, games]) => `${games} games with ${count}`)
      .join(', ');
    const exactlyOne = two.reviewEntriesPerGame.get(1) === apiTeams.length;
    console.log(
      [
        `two judges: ${OPTIONS.apiItems} items, two judges in parallel through the API (two claimed ahead with next, then approve) until next answers none, ${two.seconds.toFixed(1)} s`,
        `  decided ${two.decided} (judges ${two.perJudge.join(' + ')}) | decided twice ${two.decidedTwice} | refused: ${refused} | still pending ${two.pendingAfter} | ${verdict(two.decidedTwice === 0 && two.pendingAfter === 0 && two.decided === OPTIONS.apiItems, '0 decided twice, 0 skipped')}`,
        `  review ledger entries per game: ${entries} | ${verdict(exactlyOne, 'each game exactly 1')}`,
      ].join('\n'),
    );

    const phones = await decisionToPhone(
      client,
      server,
      world,
      judges[0]!,
      apiTeams.slice(0, OPTIONS.phones),
    );
    const sorted = [...phones.phoneMs].sort((a, b) => a - b);
    const p95Ok = sorted.length > 0 && percentile(sorted, 95) <= GOAL.phoneP95Ms;
    console.log(
      [
        `phone: ${OPTIONS.phones} teams hold their game's stream and send their second photo; a judge decides their items one by one (approve, reject in turn)`,
        `  approved ${phones.approved} | rejected ${phones.rejected} (reopened ${phones.reopened}) | missed ${phones.missed}`,
        `  decide request → the review event on the phone: ${latencies(phones.phoneMs)} | ${verdict(p95Ok && phones.missed === 0, `p95 ≤ ${GOAL.phoneP95Ms} ms, none missed`)}`,
        `server RSS ${(await server.rssMb()).toFixed(0)} MB\n`,
      ].join('\n'),
    );
  } finally {
    client.close();
    await server.stop();
    await pgDatabase?.drop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

console.log(
  `${new Date().toISOString()} | Node ${process.version} | ${os.cpus().length} cores | load average ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}\n`,
);
for (const engine of OPTIONS.databases) await benchDatabase(engine);
