import { type MessageBoard, MessageBoardSchema, BOARD_EVENT } from '@tappa/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/db';
import type { TenantScope } from '../../db/scope';
import type { Clock } from '../../infra/clock';
import { SnapshotHub } from '../../infra/realtime';
import type { AppSignals } from '../../signals';
import { readBoard } from './messages.service';

/** The retry a staff page's board stream is told: it reconnects soon. */
const BOARD_RETRY_MS = 5000;

/** A tenant's message board as the staff's pages follow it. */
export interface BoardTarget {
  scope: TenantScope;
}

/** The message boards, one live view of `infra/realtime` per tenant (decision 0084). */
export type BoardHub = SnapshotHub<BoardTarget, MessageBoard>;

/** The boards' hub, recomputed on the `message` signal of their tenant. */
export function startBoards(opts: {
  db: Db;
  signals: AppSignals;
  clock: Clock;
  logger: Pick<FastifyBaseLogger, 'error'>;
  pingIntervalMs?: number;
}): BoardHub {
  const { db, signals } = opts;
  const hub: BoardHub = new SnapshotHub({
    clock: opts.clock,
    logger: opts.logger,
    pingIntervalMs: opts.pingIntervalMs,
    retryMs: BOARD_RETRY_MS,
    pushIntervalMs: 200,
    keyOf: (target: BoardTarget) => ({ group: target.scope.tenantId, item: null }),
    compute: (target) => readBoard(db, target.scope),
    serialize: (value) => {
      const json = JSON.stringify(MessageBoardSchema.parse(value));
      return { json, comparable: json };
    },
    event: BOARD_EVENT,
    label: 'message board',
    dropUnwatched: true,
  });
  for (const name of ['message', 'messageBoard'] as const) {
    signals.on(name, (tenantId) => hub.signal(tenantId, null));
  }
  signals.onMissed(() => hub.invalidateAll());
  return hub;
}
