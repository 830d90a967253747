import { MESSAGE_SCHEDULE_POLL_MS } from '@tappa/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/db';
import type { TenantScope } from '../../db/scope';
import type { Clock } from '../../infra/clock';
import { type DueJob, startDueJob } from '../../infra/due-job';
import { findDue, lockDue, sendMessage } from './messages.repository';

/** The most due messages one pass sends (the next pass takes the rest). */
const PASS_SIZE = 50;

/**
 * Sends scheduled messages when they are due (decision 0084): every MESSAGE_SCHEDULE_POLL_MS on
 * `clock`, and once at start (what came due while no instance ran). Every instance looks; each
 * message is taken `for update skip locked`, so one sends it. `sent` is told each tenant whose
 * message went (its phones are to be told, after the commit).
 */
export function scheduleMessages(opts: {
  db: Db;
  clock: Clock;
  logger: Pick<FastifyBaseLogger, 'error'>;
  sent: (tenantId: string) => void;
}): DueJob {
  const { db, clock } = opts;
  return startDueJob({
    clock,
    intervalMs: MESSAGE_SCHEDULE_POLL_MS,
    logger: opts.logger,
    failure: 'scheduled messages could not be sent',
    pass: async (isStopped) => {
      const due = await findDue(db, clock.now(), PASS_SIZE);
      for (const { id, tenant_id: tenantId } of due) {
        if (isStopped()) return;
        // The platform's own job, in the message's tenant (as the superadmin's tools act).
        const scope: TenantScope = { kind: 'tenant', tenantId, slug: '', role: 'superadmin' };
        const wasSent = await db.transaction(async (tx) => {
          if (!(await lockDue(tx, scope, id))) return false;
          return (await sendMessage(tx, scope, { messageId: id, now: clock.now() })) !== null;
        });
        if (wasSent) opts.sent(tenantId);
      }
    },
  });
}
