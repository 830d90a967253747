import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/db';
import type { Clock } from '../../infra/clock';
import { type ChannelState, PgChangeChannel } from './pg-change-channel';
import { RankingsHub } from './rankings-hub';
import { computeRankings } from './scoreboards.service';

/** The scoreboards' real-time part: the rankings hub and the "scoreboard changed" signals. */
export interface ScoreboardRealtime {
  hub: RankingsHub;
  /**
   * Announces that scoreboard rows of the tenant's route (null: of any route) changed. Call it
   * after the change is committed, never inside the transaction.
   */
  publish(tenantId: string, routeId: string | null): void;
  /**
   * Announces that the tenant's row or its route (null: the tenant itself) changed: cached reads
   * forget it at once here, and on the other instances when the signal reaches them; its
   * rankings are recomputed (a route's title is in them). Call it after the commit.
   */
  publishContent(tenantId: string, routeId: string | null): void;
  /**
   * Resolves the next time this instance starts listening for other instances' signals (again,
   * after a lost connection: 'listening') or loses that connection ('away'); never on the
   * embedded database, which has no other instances.
   */
  nextChannelState(state: ChannelState): Promise<void>;
  /** Ends every open stream and sends the queued signals (before the server closes). */
  stop(): Promise<void>;
  /** Stops listening for other instances' signals. */
  close(): Promise<void>;
}

/**
 * Starts the hub, and on PostgreSQL (`databaseUrl` set) the LISTEN/NOTIFY channel that carries
 * signals between app instances; on PGlite (one process) the in-memory path alone.
 */
export async function startScoreboardRealtime(opts: {
  db: Db;
  databaseUrl: string | null;
  clock: Clock;
  logger: FastifyBaseLogger;
  pingIntervalMs?: number;
  /**
   * The other cached reads of a tenant (its row, its routes): forgotten on a content change, and
   * not kept while the signals of other instances cannot arrive.
   */
  reads?: { forget(tenantId: string): void; keep(isKept: boolean): void };
}): Promise<ScoreboardRealtime> {
  const { db, logger, reads } = opts;
  const hub = new RankingsHub({
    compute: (target, now) => computeRankings(db, target, now),
    clock: opts.clock,
    logger,
    pingIntervalMs: opts.pingIntervalMs,
  });
  const forgetContent = (tenantId: string, routeId: string | null) => {
    reads?.forget(tenantId);
    hub.forgetRoutes(tenantId, routeId);
    hub.invalidateNow(tenantId, routeId);
  };
  const channel = opts.databaseUrl
    ? new PgChangeChannel({
        url: opts.databaseUrl,
        db,
        clock: opts.clock,
        logger,
        onChange: (tenantId, routeId) => hub.signal(tenantId, routeId),
        onContentChange: forgetContent,
        onAway: () => reads?.keep(false),
        onReconnect: () => {
          reads?.keep(true);
          hub.forgetAllRoutes();
          hub.invalidateAll();
        },
      })
    : null;
  await channel?.start();

  return {
    hub,
    publish: (tenantId, routeId) => {
      hub.signal(tenantId, routeId);
      channel?.notify(tenantId, routeId);
    },
    publishContent: (tenantId, routeId) => {
      forgetContent(tenantId, routeId);
      channel?.notifyContent(tenantId, routeId);
    },
    nextChannelState: (state) => channel?.next(state) ?? new Promise<void>(() => undefined),
    stop: async () => {
      hub.close();
      await channel?.flush();
    },
    close: async () => {
      hub.close();
      await channel?.close();
    },
  };
}
