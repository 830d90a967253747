import type { FastifyBaseLogger } from 'fastify';
import type { Db } from './db/db';
import type { Clock } from './infra/clock';
import { ChangeSignals, type Delivery } from './infra/realtime';

/**
 * The app's change signals, by name (decision 0061). Each one's key is a tenant id and a route
 * id (null: the whole tenant), or for `game` a game id. Publishing calls this instance's subscribers at once and tells
 * the other instances (LISTEN/NOTIFY on PostgreSQL); always after the change is committed.
 */
export const SIGNALS = {
  /**
   * Scoreboard rows of the tenant's route (null: of any route) changed: a try, a skip, a reset.
   * Frequent, so coalesced between instances. The rankings follow it.
   */
  scoreboard: 'coalesced',
  /**
   * The tenant's row or one of its routes (null: the tenant itself) changed: a staff edit. Rare,
   * so sent at once. The cached public reads forget the tenant; its rankings are recomputed (a
   * route's title is in them).
   */
  content: 'immediate',
  /**
   * A game of the tenant's route had an event (`game_events`: a try right or wrong, a skip, a
   * photo, a pause, a resume, the end, a staff action): the live console follows it (issue 31).
   * Frequent, so coalesced.
   */
  live: 'coalesced',
  /**
   * Staff acted on one game (points, help, undo): the key's item is the game's id, not a route's.
   * The team's phone follows it (`gameLive.stream`); sent at once.
   */
  game: 'immediate',
  /**
   * A judge decided (or undid) an answer of the tenant's route, or staff hid a photo: the
   * route's photo wall follows it (decision 0083); sent at once.
   */
  review: 'immediate',
  /**
   * A message of the tenant was sent (the key's item is null): the phones' feeds read what was
   * sent after their watermark, the staff's message board is recomputed (decision 0084); sent
   * at once.
   */
  message: 'immediate',
  /**
   * Teams of the tenant received or read messages, staff opened a thread, a scheduled message
   * was written or cancelled: only the staff's message board follows. Frequent (every phone
   * acknowledges a broadcast), so coalesced.
   */
  messageBoard: 'coalesced',
} as const satisfies Record<string, Delivery>;

/** The name of a change signal of the app. */
export type SignalName = keyof typeof SIGNALS;

/** The app's change signals. */
export type AppSignals = ChangeSignals<SignalName>;

/**
 * The app's change signals; on PostgreSQL (`databaseUrl` set) they travel between instances, on
 * PGlite (one process) they stay in memory. Subscribe, then `start()`.
 */
export function createAppSignals(opts: {
  db: Db;
  databaseUrl: string | null;
  clock: Clock;
  logger: FastifyBaseLogger;
}): AppSignals {
  const { db, ...rest } = opts;
  return new ChangeSignals(SIGNALS, {
    ...rest,
    send: (channel, payloads) => db.notify(channel, payloads),
  });
}
