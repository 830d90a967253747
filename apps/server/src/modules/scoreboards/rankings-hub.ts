import {
  RANKINGS_EVENT,
  type Rankings,
  RankingsSchema,
  SCOREBOARD_REFRESH_MS,
} from '@tappa/contracts';
import { startOfLocalDay } from '@tappa/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/db';
import type { Clock } from '../../infra/clock';
import { type Serialized, SnapshotHub } from '../../infra/realtime';
import type { Metrics } from '../metrics/metrics';
import type { AppSignals } from '../../signals';
import { computeRankings, type RankingTarget } from './scoreboards.service';

/**
 * The first change after a quiet moment is computed and pushed at once; the changes that follow
 * wait together for the end of this interval: under a steady stream of tries a route is computed
 * at most five times a second, and a change waits at most that long (decision 0081: a push
 * within 300 ms at an event's peak).
 */
export const RANKINGS_PUSH_INTERVAL_MS = 200;
const HOUR_MS = 3_600_000;

/**
 * The rankings, one live view of `infra/realtime` (ARCHITECTURE §6): per tenant and route (or
 * all its routes), computed once per change and shared by every viewer of the event stream and
 * by the polling GET; a route's slug resolves through the hub (an alias).
 */
export type RankingsHub = SnapshotHub<RankingTarget, Rankings>;

/**
 * Checks `rankings` against its schema (the allow-list) and serializes it once; without
 * `computed_at` it tells whether anything changed, and it holds for "today" in the tenant's
 * time zone.
 */
export function serializeRankings(rankings: Rankings, timeZone: string, now: Date): Serialized {
  const { route, overall, today, computed_at, frozen_at } = RankingsSchema.parse(rankings);
  // A freeze or a reveal is a change even when the rows are the same.
  const comparable = JSON.stringify({ route, overall, today, frozen_at });
  const validFromMs = startOfLocalDay(now, timeZone).getTime();
  // 36 hours after a midnight is always within the next day, whatever daylight saving does.
  const nextDay = new Date(validFromMs + 36 * HOUR_MS);
  return {
    json: `${comparable.slice(0, -1)},"computed_at":${JSON.stringify(computed_at)}}`,
    comparable,
    validFromMs,
    validUntilMs: startOfLocalDay(nextDay, timeZone).getTime(),
  };
}

/** The rankings hub of `compute`, on the clock. */
export function createRankingsHub(opts: {
  compute: (target: RankingTarget, now: Date) => Promise<Rankings>;
  clock: Clock;
  logger: Pick<FastifyBaseLogger, 'error'>;
  pingIntervalMs?: number;
  onPushed?: (latencyMs: number) => void;
}): RankingsHub {
  return new SnapshotHub({
    ...opts,
    keyOf: (target) => ({ group: target.scope.tenantId, item: target.route?.id ?? null }),
    serialize: (rankings, target, now) => serializeRankings(rankings, target.timeZone, now),
    event: RANKINGS_EVENT,
    retryMs: SCOREBOARD_REFRESH_MS,
    pushIntervalMs: RANKINGS_PUSH_INTERVAL_MS,
    label: 'scoreboard rankings',
  });
}

/**
 * The app's rankings hub: computed from the database, following the signals. A scoreboard
 * change is coalesced; a content change (a route renamed, the tenant's time zone) forgets the
 * route's slug at once and recomputes now; after missed signals everything is recomputed.
 */
export function startRankings(opts: {
  db: Db;
  signals: AppSignals;
  clock: Clock;
  logger: Pick<FastifyBaseLogger, 'error'>;
  pingIntervalMs?: number;
  metrics: Pick<Metrics, 'pushed'>;
}): RankingsHub {
  const { db, signals, metrics } = opts;
  const hub = createRankingsHub({
    compute: (target, now) => computeRankings(db, target, now),
    clock: opts.clock,
    logger: opts.logger,
    pingIntervalMs: opts.pingIntervalMs,
    onPushed: (latencyMs) => metrics.pushed('scoreboard', latencyMs),
  });
  signals.on('scoreboard', (tenantId, routeId) => hub.signal(tenantId, routeId));
  signals.on('content', (tenantId, routeId) => {
    hub.forgetAliases(tenantId, routeId);
    hub.invalidateNow(tenantId, routeId);
  });
  signals.onMissed(() => {
    hub.forgetAllAliases();
    hub.invalidateAll();
  });
  return hub;
}
