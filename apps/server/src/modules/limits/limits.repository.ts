import { and, eq, inArray, lt } from 'drizzle-orm';
import type { Db } from '../../db/db';
import { limitCounters } from '../../db/schema';

/** A limit's stored state (see `limitCounters`). */
export interface Counter {
  value: number;
  atMs: number;
  expiresMs: number;
}

/** Rows swept per write: the table stays as small as the limits in use. */
const SWEEP_BATCH = 20;

/**
 * Locks `key`'s counter until the transaction ends and reads it; null when absent or expired at
 * `nowMs`. Creates the row first, so parallel callers of a new key also take turns.
 */
export async function lockCounter(db: Db, key: string, nowMs: number): Promise<Counter | null> {
  await db.global
    .insert(limitCounters)
    .values({ key, value: 0, at_ms: 0, expires_ms: 0 })
    .onConflictDoNothing();
  const [row] = await db.global
    .select({
      value: limitCounters.value,
      atMs: limitCounters.at_ms,
      expiresMs: limitCounters.expires_ms,
    })
    .from(limitCounters)
    .where(eq(limitCounters.key, key))
    .for('update');
  return row && row.expiresMs > nowMs ? row : null;
}

/** Writes `key`'s counter (locked by `lockCounter`). */
export async function saveCounter(db: Db, key: string, counter: Counter): Promise<void> {
  await db.global
    .update(limitCounters)
    .set({ value: counter.value, at_ms: counter.atMs, expires_ms: counter.expiresMs })
    .where(eq(limitCounters.key, key));
}

/** Forgets `key`'s counter. */
export async function deleteCounter(db: Db, key: string): Promise<void> {
  await db.global.delete(limitCounters).where(eq(limitCounters.key, key));
}

/** Deletes a few counters expired at `nowMs`, skipping any another request holds. */
export async function sweepExpiredCounters(db: Db, nowMs: number): Promise<void> {
  const expired = db.global
    .select({ key: limitCounters.key })
    .from(limitCounters)
    .where(lt(limitCounters.expires_ms, nowMs))
    .limit(SWEEP_BATCH)
    .for('update', { skipLocked: true });
  await db.global
    .delete(limitCounters)
    .where(and(inArray(limitCounters.key, expired), lt(limitCounters.expires_ms, nowMs)));
}
