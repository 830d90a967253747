// `npm start`: builds the web app and the server when a build is missing or older than its
// sources, then runs the built server (JavaScript, nothing compiled at start) with the memory
// settings of docs/decisions/0048. Signals are passed on so shutdown stays graceful.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const shared = ['packages/domain/src', 'packages/contracts/src'];

/** Each build: the file it writes last, what it is built from, and the workspace building it. */
const builds = [
  {
    name: 'the web app',
    output: 'apps/web/dist/index.html',
    sources: [
      'apps/web/src',
      'apps/web/index.html',
      'apps/web/public',
      'apps/web/vite.config.ts',
      ...shared,
    ],
    workspace: 'apps/web',
  },
  {
    name: 'the server',
    output: 'apps/server/dist/main.mjs',
    sources: ['apps/server/src', 'apps/server/scripts/build.mjs', ...shared],
    workspace: 'apps/server',
  },
];

/** Newest modification time below `target`, in milliseconds. */
function newestMtime(target) {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(target)) {
    newest = Math.max(newest, newestMtime(path.join(target, entry)));
  }
  return newest;
}

for (const build of builds) {
  const output = path.join(root, build.output);
  const builtAt = existsSync(output) ? statSync(output).mtimeMs : 0;
  const sourcesAt = Math.max(...build.sources.map((s) => newestMtime(path.join(root, s))));
  if (builtAt >= sourcesAt) continue;
  console.log(`Building ${build.name}…`);
  const result = spawnSync('npm', ['run', 'build', '--silent', '-w', build.workspace], {
    cwd: root,
    stdio: 'inherit',
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const server = spawn(
  process.execPath,
  [
    // V8's young generation grows to 2 × 16 MB while the server loads and keeps it; 2 MB halves
    // suffice for serving (in the database thread too: the flag is per process).
    '--max-semi-space-size=2',
    // The old generation is collected once it has grown by half since the last collection
    // (V8's own factor goes up to 4): 1,000 teams joining at once left 120 MB of garbage for
    // seconds, and the server stays within 350 MB at an event's peak (decision 0081).
    '--heap-growing-percent=50',
    // Stack traces name the TypeScript sources.
    '--enable-source-maps',
    'apps/server/dist/main.mjs',
  ],
  {
    cwd: root,
    stdio: 'inherit',
    env: {
      // glibc: blocks over 128 KB (scrypt's 32 MB per password hash, in libuv's threads) are
      // given back when freed, instead of staying in the threads' arenas for good.
      MALLOC_MMAP_THRESHOLD_: '131072',
      ...process.env,
    },
  },
);
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => server.kill(signal));
}
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
