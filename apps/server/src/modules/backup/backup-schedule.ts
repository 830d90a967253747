import type { FastifyBaseLogger } from 'fastify';
import type { DatabaseHandle } from '../../db/client';
import type { Clock, Timer } from '../../infra/clock';
import { tryScheduleLock } from './backup.repository';
import type { BackupStore } from './backup-store';

// The daily backup (issue 32, decision 0077): at BACKUP_TIME (UTC) every day, by one instance,
// the last BACKUP_KEEP archives kept.

/** A time of day, UTC. */
export interface TimeOfDay {
  hour: number;
  minute: number;
}

const DAY_MS = 24 * 60 * 60_000;

/** Milliseconds from `nowMs` to the next `at` (UTC), a whole day when it is now. */
export function delayUntil(nowMs: number, at: TimeOfDay): number {
  const dayStart = nowMs - (nowMs % DAY_MS);
  const today = dayStart + (at.hour * 60 + at.minute) * 60_000;
  return today > nowMs ? today - nowMs : today + DAY_MS - nowMs;
}

/**
 * How long before its slot an archive counts as that day's: another instance's clock may be a
 * little ahead, or its run may have ended before this one began.
 */
export const SLOT_MARGIN_MS = 10 * 60_000;

/** Whether the store already holds an archive of the day's slot `slot` (written by anyone). */
export async function hasSlotArchive(store: BackupStore, slot: Date): Promise<boolean> {
  const since = slot.getTime() - SLOT_MARGIN_MS;
  return (await store.list()).some((backup) => backup.createdAt.getTime() >= since);
}

/** Removes the oldest archives of `dir` beyond the newest `keep`; answers the names removed. */
export async function pruneBackups(store: BackupStore, keep: number): Promise<string[]> {
  const removed = (await store.list()).slice(keep).map((backup) => backup.name);
  for (const name of removed) await store.remove(name);
  return removed;
}

/**
 * Runs `work` unless another instance is running it: on PostgreSQL under a transaction-level
 * advisory lock tried, not waited for (the instance that loses skips this day's run); PGlite has
 * one instance and no lock (a transaction there would hold every request). Answers whether it ran.
 */
export async function aloneOnDatabase(
  database: Pick<DatabaseHandle, 'db' | 'driver'>,
  work: () => Promise<void>,
): Promise<boolean> {
  if (database.driver === 'pglite') {
    await work();
    return true;
  }
  return database.db.transaction(async (tx) => {
    if (!(await tryScheduleLock(tx))) return false;
    await work();
    return true;
  });
}

/**
 * Calls `run` every day at `at` (UTC) on `clock` with the instant it was due (its slot), one run
 * at a time, logging a failure; `stop` cancels the next one, `idle` waits for the one under way.
 */
export function scheduleBackups(opts: {
  at: TimeOfDay;
  clock: Clock;
  logger: Pick<FastifyBaseLogger, 'error'>;
  run: (slot: Date) => Promise<void>;
}): { stop(): void; idle(): Promise<void> } {
  const { at, clock, logger, run } = opts;
  let timer: Timer | null = null;
  let running: Promise<void> | null = null;
  const next = () => {
    const delayMs = delayUntil(clock.nowMs(), at);
    const slot = new Date(clock.nowMs() + delayMs);
    timer = clock.setTimeout(() => {
      running = run(slot)
        .catch((err: unknown) => logger.error({ err }, 'scheduled backup failed'))
        .finally(() => {
          running = null;
        });
      next();
    }, delayMs);
    timer.unref();
  };
  next();
  return {
    stop: () => {
      if (timer) clock.clearTimeout(timer);
      timer = null;
    },
    idle: async () => {
      await running;
    },
  };
}
