import { parseArgs, type ParseArgsConfig } from 'node:util';

/** The databases a scenario can run on. */
export type Engine = 'pglite' | 'postgres';

/** Where the scenarios create and drop their scratch PostgreSQL databases. */
export const ADMIN_URL =
  process.env.TEST_DATABASE_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/**
 * A scenario's option reader over the command line's `options`: `--name value`, else the
 * environment variable `env`, else `fallback`.
 */
export function readOptions(options: NonNullable<ParseArgsConfig['options']>) {
  const { values } = parseArgs({ options });
  return {
    option: (name: string, env: string, fallback: string) =>
      String(values[name] ?? process.env[env] ?? fallback),
    flag: (name: string, env: string) => values[name] === true || process.env[env] === 'true',
    /** `--databases` (`BENCH_DATABASES`): a comma-separated list, both by default. */
    databases: () =>
      String(values.databases ?? process.env.BENCH_DATABASES ?? 'pglite,postgres').split(
        ',',
      ) as Engine[],
  };
}
