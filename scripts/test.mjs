// `npm test`: every test, in the order CI runs them. Unit and integration tests on the embedded
// PGlite, the server's integration tests again on PostgreSQL, then the web build, its player
// bundle budget and the journeys in Chromium.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/** Debian's promtool, unpacked here (apps/server/test/metrics.test.ts looks for it here too). */
const PROMTOOL_CACHE = path.join(root, 'node_modules', '.cache', 'promtool');
const HAPROXY = process.env.HAPROXY_PATH ?? '/usr/sbin/haproxy';

/** Runs one step, stops the whole run at the first failure. */
function step(title, command, args, env = {}) {
  console.log(`\n▶ ${title}\n`);
  const started = process.hrtime.bigint();
  const result = spawnSync(command, args, {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, ...env },
  });
  // How long each step took, so a slow CI run shows where its time went.
  const seconds = Number((process.hrtime.bigint() - started) / 1_000_000_000n);
  if (result.status !== 0) {
    console.error(`\n✖ ${title} failed after ${seconds} s`);
    process.exit(result.status ?? 1);
  }
  console.log(`\n✔ ${title} in ${seconds} s`);
}

/**
 * A Debian package a step needs (`binary` is its program): installed when we can (root with
 * apt), else the run stops saying how.
 */
function ensurePackage({ binary, pkg, purpose }) {
  if (existsSync(binary)) return;
  const isRoot = process.getuid?.() === 0;
  if (isRoot && existsSync('/usr/bin/apt-get')) {
    step(`Installing ${pkg} for ${purpose}`, 'sh', [
      '-c',
      `apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq ${pkg}`,
    ]);
    return;
  }
  console.error(`${pkg} is missing at ${binary}: run 'sudo apt-get install -y ${pkg}'.`);
  process.exit(1);
}

/**
 * The metrics test checks the server's output with `promtool check metrics`, from Debian's
 * `prometheus` package. Installing that package would start a Prometheus service, so the
 * package is only downloaded and unpacked, and promtool alone kept (root with apt), else say how.
 */
function ensurePromtool() {
  if (process.env.PROMTOOL_PATH || existsSync(path.join(PROMTOOL_CACHE, 'promtool'))) return;
  const isRoot = process.getuid?.() === 0;
  if (isRoot && existsSync('/usr/bin/apt-get')) {
    step("Fetching promtool (Debian's prometheus package, not installed)", 'sh', [
      '-c',
      [
        'set -e',
        'tmp=$(mktemp -d)',
        'trap \'rm -rf "$tmp"\' EXIT',
        'cd "$tmp"',
        'apt-get update -qq',
        'apt-get download -qq -o APT::Sandbox::User=root prometheus',
        'dpkg -x prometheus_*.deb unpacked',
        `mkdir -p '${PROMTOOL_CACHE}'`,
        `cp unpacked/usr/bin/promtool '${PROMTOOL_CACHE}/promtool'`,
      ].join('\n'),
    ]);
    return;
  }
  // The test fails without it in CI and is skipped elsewhere.
  console.warn(
    `promtool is missing: run as root with apt, or unpack Debian's prometheus package yourself ` +
      `('apt-get download prometheus && dpkg -x prometheus_*.deb DIR') and set ` +
      `PROMTOOL_PATH=DIR/usr/bin/promtool.`,
  );
}

const only = process.argv[2];
if (!only || only === 'unit' || only === 'postgres') ensurePromtool();
if (!only || only === 'unit') {
  step('Unit and integration tests (PGlite)', 'npx', ['vitest', 'run']);
}
if (!only || only === 'postgres') {
  // Two instances behind the shipped HAProxy configuration (apps/server/test/instances.test.ts).
  ensurePackage({ binary: HAPROXY, pkg: 'haproxy', purpose: 'the load-balancer test' });
  step('Server integration tests (PostgreSQL)', 'npx', ['vitest', 'run', '--project', 'server'], {
    TEST_DB: 'postgres',
  });
}
if (!only || only === 'e2e') {
  ensurePackage({ binary: CHROMIUM, pkg: 'chromium', purpose: 'the browser journeys' });
  step('Building the web app', 'npm', ['run', 'build', '--silent']);
  // Over-budget player pages fail the run (bench/src/bundle-size.ts).
  step('Player first-load JavaScript budget', 'npm', [
    'run',
    'bundle-size',
    '-w',
    'bench',
    '--silent',
  ]);
  step('Browser journeys (Chromium)', 'npx', [
    'playwright',
    'test',
    '--config',
    'e2e/playwright.config.ts',
  ]);
}
console.log('\n✔ All tests passed');
