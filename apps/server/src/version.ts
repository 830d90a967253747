import { readFileSync } from 'node:fs';

/**
 * The server's version (its package.json). Read from a file at the top of `src/`, so that the
 * relative path is the same from the source and from the build's `dist/` chunks.
 */
export const APP_VERSION = (
  JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as {
    version: string;
  }
).version;
