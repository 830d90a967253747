import { skipStep, submitAnswer } from '../modules/gameplay/gameplay.service';
import type { Database } from './client';

/**
 * The hot transactions that run next to the database: on the embedded database in its thread,
 * in one message per call instead of one per statement (pglite-thread.ts); on PostgreSQL here.
 * Each takes the database first; its other arguments and its result cross threads as copies.
 */
export const THREAD_TASKS = { submitAnswer, skipStep };

export type TaskName = keyof typeof THREAD_TASKS;
type ArgsAfterDb<F> = F extends (db: Database, ...args: infer A) => unknown ? A : never;
export type TaskArgs<K extends TaskName> = ArgsAfterDb<(typeof THREAD_TASKS)[K]>;
export type TaskResult<K extends TaskName> = Awaited<ReturnType<(typeof THREAD_TASKS)[K]>>;

/** Runs task `name` on `db` in this thread. */
export function runTaskHere<K extends TaskName>(
  db: Database,
  name: K,
  args: TaskArgs<K>,
): Promise<TaskResult<K>> {
  const task = THREAD_TASKS[name] as unknown as (
    db: Database,
    ...args: TaskArgs<K>
  ) => Promise<TaskResult<K>>;
  return task(db, ...args);
}
