// Scenario: a team's first load of the player pages on a phone. Starts the real server (fresh
// DATA_DIR, demo seed) and opens `/demo/start` and `/demo/select-route` cold in Chromium, at
// 400 kbps / 400 ms RTT (CDP network emulation) and on the machine's own connection; then
// Lighthouse (mobile) for performance and accessibility on both pages. Needs `npm run build`.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { runLighthouse, CHROMIUM_FLAGS, type LighthouseResult } from './first-load/lighthouse-run';
import { startTlsFront } from './first-load/tls-front';
import {
  measureLoad,
  type LoadResult,
  type NetworkProfile,
  type PageTarget,
} from './first-load/page-load';
import { readOptions } from './lib/options';
import { startServer } from './lib/server-process';

const { option, flag } = readOptions({
  runs: { type: 'string' },
  'server-root': { type: 'string' },
  'skip-lighthouse': { type: 'boolean' },
  waterfall: { type: 'boolean' },
  'plain-http': { type: 'boolean' },
});
const RUNS = Number(option('runs', 'BENCH_RUNS', '3'));
const SERVER_ROOT = option('server-root', 'BENCH_SERVER_ROOT', '');
const SKIP_LIGHTHOUSE = flag('skip-lighthouse', 'BENCH_SKIP_LIGHTHOUSE');
const WATERFALL = flag('waterfall', 'BENCH_WATERFALL');
const PLAIN_HTTP = flag('plain-http', 'BENCH_PLAIN_HTTP');
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const USABLE_TARGET_MS = 3000;

const PROFILES: NetworkProfile[] = [
  { name: '400 kbps / 400 ms RTT', kbps: 400, rttMs: 400 },
  { name: 'fast (no emulation)', kbps: null, rttMs: 0 },
];

/** Registers a team through the API as the start page would: its player cookie. */
async function registerTeam(baseUrl: string): Promise<{ name: string; value: string }[]> {
  const headers = { 'x-tappa-csrf': '1' };
  const identify = await fetch(`${baseUrl}/api/play/demo/identify`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'first-load@bench.test' }),
  });
  if (!identify.ok) throw new Error(`identify answered ${identify.status}`);
  const cookies = identify.headers.getSetCookie().map((line) => {
    const [pair = ''] = line.split(';');
    const at = pair.indexOf('=');
    return { name: pair.slice(0, at), value: pair.slice(at + 1) };
  });
  const form = new FormData();
  form.append('data', JSON.stringify({ team_name: 'Squadra Bench', team_members: null }));
  const cookie = cookies.map((c) => `${c.name}=${c.value}`).join('; ');
  const registration = await fetch(`${baseUrl}/api/play/demo/registration`, {
    method: 'PUT',
    headers: { ...headers, cookie },
    body: form,
  });
  if (!registration.ok) throw new Error(`registration answered ${registration.status}`);
  return cookies;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
};
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const ms = (value: number | null) => (value === null ? 'n/a' : `${Math.round(value)} ms`);

function printLoads(target: PageTarget, profile: NetworkProfile, loads: LoadResult[]): void {
  const pick = (get: (load: LoadResult) => number) => median(loads.map(get));
  const usable = pick((l) => l.usableMs);
  const verdict =
    profile.kbps === 400
      ? usable <= USABLE_TARGET_MS
        ? '  (target ≤ 3 s: met)'
        : '  (target ≤ 3 s: MISSED)'
      : '';
  console.log(
    `${target.path} | ${profile.name} | median of ${loads.length} cold loads\n` +
      `  on the wire ${kb(pick((l) => l.bytesOnWire))} in ${pick((l) => l.requests)} requests` +
      ` (JS ${kb(pick((l) => l.jsBytesOnWire))} in ${pick((l) => l.jsRequests)})\n` +
      `  first contentful paint ${ms(pick((l) => l.fcpMs ?? Number.NaN))} | usable ${ms(usable)}${verdict}\n` +
      `  usable per run: ${loads.map((l) => ms(l.usableMs)).join(', ')}`,
  );
  if (!WATERFALL) return;
  // The last run's requests, in the order they were sent.
  for (const row of loads.at(-1)?.waterfall ?? []) {
    console.log(
      `    ${ms(row.startMs).padStart(8)} → ${ms(row.endMs).padStart(8)} ` +
        `${kb(row.bytesOnWire).padStart(9)}  ${row.url}`,
    );
  }
}

function printLighthouse(target: PageTarget, result: LighthouseResult): void {
  console.log(
    `${target.path} | Lighthouse mobile: performance ${result.performance} (target ≥ 95), ` +
      `accessibility ${result.accessibility} (target 100)\n` +
      `  FCP ${ms(result.fcpMs)} | LCP ${ms(result.lcpMs)} | TBT ${ms(result.tbtMs)} | ` +
      `CLS ${result.cls.toFixed(3)} | Speed Index ${ms(result.speedIndexMs)}`,
  );
  for (const audit of result.failing) console.log(`  - ${audit}`);
}

async function main(): Promise<void> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'tappa-first-load-'));
  const server = await startServer({
    dataDir,
    databaseUrl: null,
    serverRoot: SERVER_ROOT,
    env: { SEED_DEMO: 'true' },
  });
  // Phones reach an installation over HTTPS (camera and position need it): brotli, HTTP/2.
  const front = PLAIN_HTTP ? null : await startTlsFront(server.baseUrl);
  const baseUrl = front?.baseUrl ?? server.baseUrl;
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_FLAGS });
  try {
    const cookies = await registerTeam(server.baseUrl);
    const targets: PageTarget[] = [
      { name: 'start', path: '/demo/start', usableSelector: 'input[type="email"]' },
      {
        name: 'select-route',
        path: '/demo/select-route',
        usableSelector: '.route-card',
        cookies,
      },
    ];
    console.log(
      `${new Date().toISOString()} | Node ${process.version} | ${os.cpus().length} cores | ` +
        `${SERVER_ROOT || 'this checkout'} | ${front ? 'HTTPS (HTTP/2) front' : 'plain HTTP/1.1'}\n`,
    );
    for (const profile of PROFILES) {
      for (const target of targets) {
        const loads: LoadResult[] = [];
        for (let run = 0; run < RUNS; run += 1) {
          loads.push(await measureLoad(browser, baseUrl, target, profile));
        }
        printLoads(target, profile, loads);
      }
    }
    if (SKIP_LIGHTHOUSE) return;
    console.log('');
    for (const target of targets) {
      const cookieHeader = target.cookies?.map((c) => `${c.name}=${c.value}`).join('; ');
      try {
        const result = await runLighthouse(`${baseUrl}${target.path}`, {
          chromiumPath: CHROMIUM,
          cookieHeader,
        });
        printLighthouse(target, result);
      } catch (error) {
        process.exitCode = 1;
        console.log(`${target.path} | Lighthouse could not run: ${String(error)}`);
      }
    }
  } finally {
    await browser.close();
    await front?.close();
    await server.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

await main();
