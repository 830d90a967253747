import { MESSAGE_SCHEDULE_POLL_MS } from '@tappa/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/db';
import type { TenantScope } from '../../db/scope';
import type { Clock, Timer } from '../../infra/clock';
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
}): { stop(): void; idle(): Promise<void>; runNow(): Promise<void> } {
  const { db, clock, logger } = opts;
  let running: Promise<void> | null = null;
  let isStopped = false;

  const pass = async () => {
    const due = await findDue(db, clock.now(), PASS_SIZE);
    for (const { id, tenant_id: tenantId } of due) {
      if (isStopped) return;
      // The platform's own job, in the message's tenant (as the superadmin's tools act).
      const scope: TenantScope = { kind: 'tenant', tenantId, slug: '', role: 'superadmin' };
      const wasSent = await db.transaction(async (tx) => {
        if (!(await lockDue(tx, scope, id))) return false;
        return (await sendMessage(tx, scope, { messageId: id, now: clock.now() })) !== null;
      });
      if (wasSent) opts.sent(tenantId);
    }
  };
  let again = false;
  /** One pass at a time: a tick during a pass asks for one more pass after it, at its time. */
  const runNow = (): Promise<void> => {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      do {
        again = false;
        await pass().catch((err: unknown) =>
          logger.error({ err }, 'scheduled messages could not be sent'),
        );
      } while (again && !isStopped);
      running = null;
    })();
    return running;
  };
  const timer: Timer = clock.setInterval(() => void runNow(), MESSAGE_SCHEDULE_POLL_MS);
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
