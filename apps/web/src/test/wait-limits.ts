/**
 * How long `findBy…`, `waitFor` and `waitUntil` look for what they wait for, in real
 * milliseconds: the library's 1 s failed correct tests on a machine whose cores were all busy.
 * The web project's test timeout (`vitest.config.ts`) stays above it.
 */
export const ASYNC_UTIL_TIMEOUT_MS = 10_000;
