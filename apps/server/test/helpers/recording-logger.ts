import type { FastifyBaseLogger } from 'fastify';

/** One recorded logger call: its level and the raw arguments. */
export interface LogEntry {
  level: 'info' | 'warn' | 'error';
  args: unknown[];
}

/** A logger that satisfies the drivers' logger type and records every call in `entries`. */
export function createRecordingLogger(): Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'> & {
  entries: LogEntry[];
} {
  const entries: LogEntry[] = [];
  const record =
    (level: LogEntry['level']) =>
    (...args: unknown[]): void => {
      entries.push({ level, args });
    };
  return { entries, info: record('info'), warn: record('warn'), error: record('error') };
}
