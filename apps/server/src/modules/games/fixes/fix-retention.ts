import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../../db/db';
import type { Clock } from '../../../infra/clock';
import { type DueJob, startDueJob } from '../../../infra/due-job';
import { purgeExpiredFixes } from './fixes.service';

/** How often the retention looks for fixes past their tenant's days. */
export const FIX_RETENTION_INTERVAL_MS = 60 * 60_000;

/**
 * Deletes the teams' raw positions past their tenant's retention (decision 0086): every hour on
 * `clock`, and once at start, so a server that was off catches up. Every instance may run it: a
 * fix is deleted once, and its count added once, by whichever statement takes it.
 */
export function scheduleFixRetention(opts: {
  db: Db;
  clock: Clock;
  logger: Pick<FastifyBaseLogger, 'error'>;
}): DueJob {
  const { db, clock } = opts;
  return startDueJob({
    clock,
    intervalMs: FIX_RETENTION_INTERVAL_MS,
    logger: opts.logger,
    failure: 'expired positions could not be deleted',
    pass: async (isStopped) => {
      await purgeExpiredFixes(db, { now: clock.now(), isStopped });
    },
  });
}
