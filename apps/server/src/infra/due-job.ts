import type { FastifyBaseLogger } from 'fastify';
import type { Clock, Timer } from './clock';

/** A job that looks for work come due: its passes, one at a time, and its stop. */
export interface DueJob {
  stop(): void;
  /** Waits for the pass under way, and any asked for meanwhile. */
  idle(): Promise<void>;
  /** Runs a pass now (after the one under way, when there is one). */
  runNow(): Promise<void>;
}

/**
 * Runs `pass` every `intervalMs` on `clock` and once at start (what came due while no instance
 * ran), one pass at a time: a tick during a pass asks for one more pass after it. A failed pass
 * is logged as `failure` and the next tick tries again. `pass` is told whether the job stopped,
 * so that a long pass ends early.
 */
export function startDueJob(opts: {
  clock: Clock;
  intervalMs: number;
  logger: Pick<FastifyBaseLogger, 'error'>;
  failure: string;
  pass: (isStopped: () => boolean) => Promise<void>;
}): DueJob {
  const { clock, logger } = opts;
  let running: Promise<void> | null = null;
  let isStopped = false;
  let again = false;
  const runNow = (): Promise<void> => {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      do {
        again = false;
        await opts
          .pass(() => isStopped)
          .catch((err: unknown) => logger.error({ err }, opts.failure));
      } while (again && !isStopped);
      running = null;
    })();
    return running;
  };
  const timer: Timer = clock.setInterval(() => void runNow(), opts.intervalMs);
  timer.unref();
  void runNow();
  return {
    stop: () => {
      isStopped = true;
      clock.clearInterval(timer);
    },
    idle: async () => {
      while (running) await running;
    },
    runNow,
  };
}
