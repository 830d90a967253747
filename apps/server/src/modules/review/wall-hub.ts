import { SCOREBOARD_REFRESH_MS, type Wall, WALL_EVENT, WallSchema } from '@tappa/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/db';
import type { TenantScope } from '../../db/scope';
import type { Clock } from '../../infra/clock';
import { SnapshotHub } from '../../infra/realtime';
import type { AppSignals } from '../../signals';
import { readWall } from './review.service';

/** A route's photo wall as a projector follows it. */
export interface WallTarget {
  scope: TenantScope;
  routeId: string;
}

/** The photo walls, one live view of `infra/realtime` per tenant and route (decision 0083). */
export type WallHub = SnapshotHub<WallTarget, Wall>;

/** The walls' hub, recomputed at once on the `review` signal of their route. */
export function startWalls(opts: {
  db: Db;
  signals: AppSignals;
  clock: Clock;
  logger: Pick<FastifyBaseLogger, 'error'>;
  pingIntervalMs?: number;
}): WallHub {
  const { db, signals } = opts;
  const hub: WallHub = new SnapshotHub({
    clock: opts.clock,
    logger: opts.logger,
    pingIntervalMs: opts.pingIntervalMs,
    retryMs: SCOREBOARD_REFRESH_MS,
    pushIntervalMs: 200,
    keyOf: (target: WallTarget) => ({ group: target.scope.tenantId, item: target.routeId }),
    compute: (target) => readWall(db, target.scope, target.routeId),
    serialize: (value) => {
      const json = JSON.stringify(WallSchema.parse(value));
      return { json, comparable: json };
    },
    event: WALL_EVENT,
    label: 'photo wall',
    dropUnwatched: true,
  });
  signals.on('review', (tenantId, routeId) => {
    if (routeId === null) hub.invalidateAll();
    else hub.invalidateNow(tenantId, routeId);
  });
  signals.onMissed(() => hub.invalidateAll());
  return hub;
}
