import { ADMIN_URL, readOptions } from '../lib/options';

const { option, flag, databases } = readOptions({
  teams: { type: 'string' },
  steps: { type: 'string' },
  concurrency: { type: 'string' },
  submissions: { type: 'string' },
  duration: { type: 'string' },
  rate: { type: 'string' },
  databases: { type: 'string' },
  'wrong-ratio': { type: 'string' },
  'cpu-prof': { type: 'string' },
  'skip-raw': { type: 'boolean' },
  'server-root': { type: 'string' },
});

/** The scenario's options: `--name value` on the command line, else `BENCH_*`, else a default. */
export const BENCH_OPTIONS = {
  teams: Number(option('teams', 'BENCH_TEAMS', '200')),
  steps: Number(option('steps', 'BENCH_STEPS', '30')),
  concurrency: Number(option('concurrency', 'BENCH_CONCURRENCY', '32')),
  /** Tries per phase; by default every team plays its route to the end. */
  maxSubmissions: Number(option('submissions', 'BENCH_SUBMISSIONS', 'Infinity')),
  durationMs: Number(option('duration', 'BENCH_DURATION_S', '300')) * 1000,
  /** Tries per second (open loop); 0 sends the next try as soon as one ends (closed loop). */
  ratePerS: Number(option('rate', 'BENCH_RATE', '0')),
  databases: databases(),
  wrongRatio: Number(option('wrong-ratio', 'BENCH_WRONG_RATIO', '0.1')),
  /** A directory for `node --cpu-prof` of the server, or empty. */
  cpuProfDir: option('cpu-prof', 'BENCH_CPU_PROF', ''),
  skipRaw: flag('skip-raw', 'BENCH_SKIP_RAW'),
  /** Another checkout whose server to run (before/after comparisons); empty: this one. */
  serverRoot: option('server-root', 'BENCH_SERVER_ROOT', ''),
  adminUrl: ADMIN_URL,
};
