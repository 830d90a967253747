// `npm start`: builds the web app when its build is missing or older than its sources, then
// runs the server (TypeScript through tsx). Signals are passed on so shutdown stays graceful.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const builtIndex = path.join(root, 'apps/web/dist/index.html');
const webSources = [
  'apps/web/src',
  'apps/web/index.html',
  'apps/web/public',
  'apps/web/vite.config.ts',
  'packages/domain/src',
  'packages/contracts/src',
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

const builtAt = existsSync(builtIndex) ? statSync(builtIndex).mtimeMs : 0;
const sourcesAt = Math.max(...webSources.map((s) => newestMtime(path.join(root, s))));
if (builtAt < sourcesAt) {
  console.log('Building the web app…');
  const build = spawnSync('npm', ['run', 'build', '--silent'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
  cwd: root,
  stdio: 'inherit',
});
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => server.kill(signal));
}
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
