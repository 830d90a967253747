import { ADMIN_URL, readOptions } from '../lib/options';

const NAMES = [
  'tenants',
  'routes',
  'steps',
  'games',
  'iterations',
  'warmup',
  'rounds',
  'pool',
] as const;
const { option, databases } = readOptions(
  Object.fromEntries(
    [...NAMES, 'concurrency', 'databases'].map((name) => [name, { type: 'string' as const }]),
  ),
);
/** `--name value`, else the variable `BENCH_NAME`, else `fallback`, as a number. */
const numberOf = (name: (typeof NAMES)[number], fallback: number) =>
  Number(option(name, `BENCH_${name.toUpperCase()}`, String(fallback)));

/** The scenario's options: `--name value` on the command line, else `BENCH_*`, else a default. */
export const SCOPE_OPTIONS = {
  tenants: numberOf('tenants', 20),
  /** Routes per tenant. */
  routes: numberOf('routes', 10),
  /** Steps per route. */
  steps: numberOf('steps', 30),
  /** Games per tenant, spread over its routes, each with its game steps and scoreboard row. */
  games: numberOf('games', 200),
  /** Measured runs of each unit of work per variant. */
  iterations: numberOf('iterations', 5000),
  /** Unmeasured runs of each unit of work per variant, before the measured ones. */
  warmup: numberOf('warmup', 500),
  /** The measured runs are split into this many rounds, the variants taking turns. */
  rounds: numberOf('rounds', 5),
  /** Units of work in flight on PostgreSQL (PGlite, one connection, runs them one at a time). */
  concurrency: option('concurrency', 'BENCH_CONCURRENCY', '1,16').split(',').map(Number),
  /** Connections of the `pg` pool (the server's is 10). */
  pool: numberOf('pool', 10),
  databases: databases(),
  adminUrl: ADMIN_URL,
};
