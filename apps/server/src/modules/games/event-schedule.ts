import { EVENT_CLOCK_POLL_MS } from '@tappa/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/db';
import type { TenantScope } from '../../db/scope';
import type { Clock } from '../../infra/clock';
import { type DueJob, startDueJob } from '../../infra/due-job';
import { listDueEventEnds } from './event-clock.repository';
import { closeDueEvent, type EventChanged } from './event-clock.service';

/** The most routes one pass ends (the next pass takes the rest). */
const PASS_SIZE = 20;

/**
 * Ends events when they are due (decision 0085): every EVENT_CLOCK_POLL_MS on `clock`, and
 * once at start (an end that came while no instance ran). Every instance looks; each route is
 * taken `for update skip locked`, so one ends its games. `closed` is told each route it ended,
 * after the commit (its console, phones and scoreboards are to be told).
 */
export function scheduleEventEnds(opts: {
  db: Db;
  clock: Clock;
  logger: Pick<FastifyBaseLogger, 'error'>;
  closed: (target: { tenantId: string; routeId: string }, changed: EventChanged) => void;
}): DueJob {
  const { db, clock } = opts;
  return startDueJob({
    clock,
    intervalMs: EVENT_CLOCK_POLL_MS,
    logger: opts.logger,
    failure: 'event ends could not be applied',
    pass: async (isStopped) => {
      for (const { id: routeId, tenant_id: tenantId } of await listDueEventEnds(
        db,
        clock.now(),
        PASS_SIZE,
      )) {
        if (isStopped()) return;
        // The platform's own job, in the route's tenant (as the scheduled messages act).
        const scope: TenantScope = { kind: 'tenant', tenantId, slug: '', role: 'superadmin' };
        const changed = await closeDueEvent(db, scope, { routeId, now: clock.now() });
        if (changed) opts.closed({ tenantId, routeId }, changed);
      }
    },
  });
}
