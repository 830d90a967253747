import { isDeepStrictEqual } from 'node:util';
import {
  GAME_LIVE_EVENT,
  type GameLive,
  GameLiveSchema,
  LIVE_CONSOLE_CHANGE_EVENT,
  LIVE_CONSOLE_EVENT,
  type LiveConsole,
  LiveConsoleChangeSchema,
  LiveConsoleSchema,
  SCOREBOARD_REFRESH_MS,
} from '@tappa/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/db';
import type { Clock } from '../../infra/clock';
import type { ModuleDeps } from '../../module-deps';
import type { Metrics } from '../metrics/metrics';
import { type Serialized, SnapshotHub } from '../../infra/realtime';
import type { AppSignals } from '../../signals';
import { LiveConsoleReader } from './live-console-reader';
import {
  type GameLiveTarget,
  listMissedStaffEvents,
  type LiveTarget,
  readGameLive,
} from './live.service';

/**
 * The console's coalescing (decisions 0070, 0081), as the rankings': the first event after a
 * quiet moment is pushed at once, those that follow wait together for the end of this interval
 * (an event on the console within 300 ms).
 */
export const LIVE_PUSH_INTERVAL_MS = 200;

/** The live console, one live view of `infra/realtime`: per tenant and route (null: all). */
export type LiveConsoleHub = SnapshotHub<LiveTarget, LiveConsole>;
/** A team's game as its phone follows it: per tenant and game. */
export type GameLiveHub = SnapshotHub<GameLiveTarget, GameLive>;

/** A value checked against its schema once; `computed_at` (if any) does not count as a change. */
function serializeChecked<T extends object>(value: T, parse: (value: T) => T): Serialized {
  const { computed_at: computedAt, ...rest } = parse(value) as T & { computed_at?: string };
  const comparable = JSON.stringify(rest);
  return {
    json:
      computedAt === undefined
        ? comparable
        : `${comparable.slice(0, -1)},"computed_at":${JSON.stringify(computedAt)}}`,
    comparable,
  };
}

/**
 * What changed on a console from `before` to `after`, as the data of a `console-change` event
 * that applies to the event `base` (checked against its schema), or null when nothing did: the
 * teams added or changed (a team the reader did not read again is the same object, decision
 * 0075), the games gone, and the feed and routes whole.
 */
export function serializeConsoleChange(
  before: LiveConsole,
  after: LiveConsole,
  base: string,
): string | null {
  const held = new Map(before.teams.map((team) => [team.game_id, team]));
  const teams = after.teams.filter((team) => {
    const was = held.get(team.game_id);
    return was !== team && !isDeepStrictEqual(was, team);
  });
  const inView = new Set(after.teams.map((team) => team.game_id));
  const removed = before.teams.filter((team) => !inView.has(team.game_id)).map((t) => t.game_id);
  if (
    teams.length === 0 &&
    removed.length === 0 &&
    isDeepStrictEqual(before.activity, after.activity) &&
    isDeepStrictEqual(before.routes, after.routes)
  ) {
    return null;
  }
  return JSON.stringify(
    LiveConsoleChangeSchema.parse({
      base,
      teams,
      removed,
      activity: after.activity,
      routes: after.routes,
      computed_at: after.computed_at,
    }),
  );
}

/**
 * The app's console and phone hubs, computed from the database and following the signals: the
 * console follows `live` (coalesced) and `content` (a route renamed, frozen or revealed); a
 * phone follows `game` (a staff action on it, at once); after missed signals both recompute.
 */
export function startLive(opts: {
  db: Db;
  signals: AppSignals;
  clock: Clock;
  logger: Pick<FastifyBaseLogger, 'error'>;
  pingIntervalMs?: number;
  metrics: Pick<Metrics, 'pushed'>;
}): {
  console: LiveConsoleHub;
  games: GameLiveHub;
  /** `publishLiveChange` of the modules: the game recorded as moved, then `live` published. */
  publishChange: ModuleDeps['publishLiveChange'];
} {
  const { db, signals, clock, logger, pingIntervalMs, metrics } = opts;
  const common = {
    clock,
    logger,
    pingIntervalMs,
    retryMs: SCOREBOARD_REFRESH_MS,
    pushIntervalMs: LIVE_PUSH_INTERVAL_MS,
  };
  const reader = new LiveConsoleReader(db, clock);
  const consoleHub: LiveConsoleHub = new SnapshotHub({
    ...common,
    keyOf: (target: LiveTarget) => ({ group: target.scope.tenantId, item: target.routeId }),
    compute: (target, now) => reader.read(target, now),
    serialize: (value) => serializeChecked(value, (v) => LiveConsoleSchema.parse(v)),
    event: LIVE_CONSOLE_EVENT,
    changes: { event: LIVE_CONSOLE_CHANGE_EVENT, between: serializeConsoleChange },
    label: 'live console',
    onPushed: (latencyMs) => metrics.pushed('console', latencyMs),
  });
  const gamesHub: GameLiveHub = new SnapshotHub({
    ...common,
    keyOf: (target: GameLiveTarget) => ({ group: target.scope.tenantId, item: target.gameId }),
    compute: (target) => readGameLive(db, target),
    serialize: (value) => serializeChecked(value, (v) => GameLiveSchema.parse(v)),
    event: GAME_LIVE_EVENT,
    // Each staff event reaches the phone, also those it missed while reconnecting.
    stored: {
      cursorOf: (value) => value.staff_event?.id ?? 0,
      between: (target, live, after) => listMissedStaffEvents(db, target, { live, after }),
    },
    label: 'game live state',
    // One key per game: forgotten when its phone's stream closes, so finished games add nothing.
    dropUnwatched: true,
    onPushed: (latencyMs) => metrics.pushed('phone', latencyMs),
  });
  // This instance's events name their game (`publishChange`, before the signal); another
  // instance's signal names only the route, whose games are then read whole.
  signals.on('live', (tenantId, routeId, from) => {
    if (from === 'elsewhere') reader.routeChanged(tenantId, routeId);
    consoleHub.signal(tenantId, routeId);
  });
  signals.on('content', (tenantId, routeId) => {
    reader.routeChanged(tenantId, routeId);
    consoleHub.invalidateNow(tenantId, routeId);
  });
  signals.on('game', (tenantId, gameId) => gamesHub.invalidateNow(tenantId, gameId));
  signals.onMissed(() => {
    reader.everythingChanged();
    consoleHub.invalidateAll();
    gamesHub.invalidateAll();
  });
  const publishChange: ModuleDeps['publishLiveChange'] = (tenantId, routeId, gameId, after) => {
    if (gameId === null) reader.routeChanged(tenantId, routeId);
    else reader.gameMoved(tenantId, routeId, gameId, after);
    signals.publish('live', tenantId, routeId);
  };
  return { console: consoleHub, games: gamesHub, publishChange };
}
