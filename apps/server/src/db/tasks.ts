import type { Db } from './db';

/**
 * A value the structured-clone algorithm copies between threads as it is: primitives, dates,
 * arrays and plain objects of them. Functions and class instances (other than Date) do not
 * survive the copy, so they are refused here.
 */
type Primitive = string | number | boolean | bigint | null | undefined;
type IsCloneable<T> = T extends Primitive | Date
  ? true
  : T extends (...args: never[]) => unknown
    ? false
    : T extends readonly (infer Item)[]
      ? IsCloneable<Item>
      : T extends object
        ? false extends { [K in keyof T]-?: IsCloneable<T[K]> }[keyof T]
          ? false
          : true
        : false;

/**
 * A hot transaction run next to the database (on PGlite in its thread, in one message): it takes
 * the thread's `Db` first; its other arguments and its result cross threads as copies.
 */
export type Task = (db: Db, ...args: never[]) => Promise<unknown>;

/** Named tasks; the composition root supplies them to the database (`openDatabase`). */
export type TaskRegistry = Record<string, Task>;

/** The arguments of a task after its `Db`. */
export type TaskArgs<F> = F extends (db: Db, ...args: infer A) => Promise<unknown> ? A : never;

/** What a task resolves to. */
export type TaskResult<F> = F extends (...args: never[]) => Promise<infer R> ? R : never;

type CloneableTask<F> =
  IsCloneable<TaskArgs<F>> extends true
    ? IsCloneable<TaskResult<F>> extends true
      ? F
      : 'its result cannot be copied between threads'
    : 'its arguments cannot be copied between threads';

/**
 * Declares a task registry, checked at compile time: every argument and result is cloneable.
 * A task's errors cross as their name, message and own fields: an `AppError` keeps its class,
 * code and params; a database error its fields (`code`, `constraint`, …) on a plain `Error`.
 */
export function defineTasks<T extends TaskRegistry>(
  tasks: T & { [K in keyof T]: CloneableTask<T[K]> },
): T {
  return tasks;
}

/** Where a registry lives, for the database thread to import (the module exports `tasks`). */
export interface TaskModule<T extends TaskRegistry> {
  tasks: T;
  /** The module's URL (`import.meta.url` of the file exporting `tasks`). */
  url: string;
}

/** Runs task `name` of `tasks` on `db` in this thread. */
export function runTaskHere<T extends TaskRegistry, K extends keyof T & string>(
  db: Db,
  tasks: T,
  name: K,
  args: TaskArgs<T[K]>,
): Promise<TaskResult<T[K]>> {
  const task = tasks[name] as unknown as (
    db: Db,
    ...args: TaskArgs<T[K]>
  ) => Promise<TaskResult<T[K]>>;
  return task(db, ...args);
}
