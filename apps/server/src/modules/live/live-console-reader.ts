import {
  compareConsoleTeams,
  LIVE_FEED_SIZE,
  type LiveConsole,
  type LiveTeam,
  type RouteLiveState,
} from '@tappa/contracts';
import type { Db } from '../../db/db';
import type { Clock } from '../../infra/clock';
import type { GameAfterTry } from '../games/try';
import {
  type ConsoleGameRow,
  listConsoleGames,
  listEvents,
  listRoutePlaces,
} from './live.repository';
import {
  LIVE_FINISHED_FOR_MS,
  type LiveTarget,
  listRouteStates,
  presentEvent,
  presentTeam,
} from './live.service';

/**
 * How long the rows of a whole read serve as the base of partial ones (decision 0073): what
 * changes a game's row without an event of it on this instance (the team opening its game
 * screen, a team erased, a finished game leaving the console after a day) shows within this.
 */
export const LIVE_WHOLE_READ_MS = 30_000;
/** A console's rows nobody computed for this long are forgotten. */
const FORGET_AFTER_MS = 10 * 60_000;

/**
 * The games of one console as last read (each as it was presented then: a game not read again
 * keeps its object, which tells the console's change what moved), and what moved since.
 */
interface ConsoleRows {
  /** The games' rows as read, or as a try of this instance wrote them since. */
  games: Map<string, ConsoleGameRow>;
  teams: Map<string, LiveTeam>;
  routes: RouteLiveState[];
  /** The places of the routes' steps, in order, as of the last whole read. */
  places: Map<string, string[]>;
  /** The games that had an event since the last read, to be read again, or everything. */
  moved: Set<string> | 'all';
  /** The games a try of this instance wrote since the last read, with what it wrote. */
  tried: Map<string, GameAfterTry>;
  wholeAtMs: number;
  usedAtMs: number;
}

/**
 * Game `row` as try `after` left it (decision 0076); null when the try is older than what `row`
 * holds (two tries of a game whose signals crossed): the game is then read again.
 */
function rowAfterTry(
  row: ConsoleGameRow,
  after: GameAfterTry,
  places: readonly string[] | undefined,
): ConsoleGameRow | null {
  if (after.atMs < row.active_ms || places === undefined) return null;
  return {
    ...row,
    status: after.status,
    current_step_index: after.currentStepIndex,
    current_place: places[after.currentStepIndex] ?? null,
    total_score: after.totalScore,
    tries_on_step: after.triesOnStep,
    active_ms: after.atMs,
    progress_ms: after.progressed ? after.atMs : row.progress_ms,
    finished_ms: after.finished ? after.atMs : row.finished_ms,
    // The try's position is the team's newest, shown while it shares (as the read would).
    ...(after.fix && row.location_sharing === 'shared' && after.atMs > (row.fix_ms ?? -Infinity)
      ? {
          fix_lat: after.fix.lat,
          fix_lng: after.fix.lng,
          fix_accuracy_m: after.fix.accuracyM,
          fix_ms: after.atMs,
        }
      : {}),
  };
}

const keyOf = (tenantId: string, routeId: string | null) => `${tenantId}/${routeId ?? '*'}`;

/**
 * The live consoles' reads (decision 0073). A console is read whole the first time, after
 * anything changed on its routes as a whole (a route edited, frozen or revealed, its stuck
 * minutes, another instance's event, missed signals) and every LIVE_WHOLE_READ_MS; in between,
 * only the games this instance heard an event of are read again, and merged into the rows kept.
 * The newest events are read each time (a bounded page). A team's row is presented when it is
 * read: its `stale` and `stuck` badges are those of that moment, which the browser follows on its
 * own clock (decision 0075), and a row not read again is the same object as before.
 */
export class LiveConsoleReader {
  private readonly consoles = new Map<string, ConsoleRows>();

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  /**
   * Game `gameId` of the tenant's route had an event on this instance: it is read again, unless
   * the event is a try that says what it wrote (`after`) of a game the console holds.
   */
  gameMoved(tenantId: string, routeId: string, gameId: string, after?: GameAfterTry | null): void {
    for (const key of [keyOf(tenantId, routeId), keyOf(tenantId, null)]) {
      const rows = this.consoles.get(key);
      if (!rows || rows.moved === 'all' || rows.moved.has(gameId)) continue;
      const earlier = rows.tried.get(gameId);
      if (after && rows.games.has(gameId) && (!earlier || earlier.atMs <= after.atMs)) {
        rows.tried.set(gameId, after);
      } else {
        rows.tried.delete(gameId);
        rows.moved.add(gameId);
      }
    }
  }

  /** Anything of the tenant's route (null: of all its routes) may have changed. */
  routeChanged(tenantId: string, routeId: string | null): void {
    for (const [key, rows] of this.consoles) {
      if (
        key === keyOf(tenantId, null) ||
        (routeId === null ? key.startsWith(`${tenantId}/`) : key === keyOf(tenantId, routeId))
      ) {
        rows.moved = 'all';
      }
    }
  }

  /** Anything may have changed (signals were missed). */
  everythingChanged(): void {
    for (const rows of this.consoles.values()) rows.moved = 'all';
  }

  /** The console of `target` at `now`. */
  async read(target: LiveTarget, now: Date): Promise<LiveConsole> {
    const { scope, routeId } = target;
    const key = keyOf(scope.tenantId, routeId);
    const nowMs = this.clock.monotonicMs();
    this.forgetUnused(nowMs);
    const finishedSince = new Date(now.getTime() - LIVE_FINISHED_FOR_MS);
    let rows = this.consoles.get(key);
    try {
      if (!rows || rows.moved === 'all' || nowMs - rows.wholeAtMs >= LIVE_WHOLE_READ_MS) {
        // Kept before reading, so that the events heard meanwhile are read again next time.
        const fresh: ConsoleRows = {
          games: new Map(),
          teams: new Map(),
          routes: [],
          places: new Map(),
          moved: new Set(),
          tried: new Map(),
          wholeAtMs: nowMs,
          usedAtMs: nowMs,
        };
        this.consoles.set(key, fresh);
        const games = await listConsoleGames(this.db, scope, { routeId, finishedSince });
        fresh.games = new Map(games.map((game) => [game.id, game]));
        fresh.teams = new Map(games.map((game) => [game.id, presentTeam(game, now)]));
        fresh.places = await listRoutePlaces(this.db, scope, routeId);
        fresh.routes = await listRouteStates(this.db, scope, routeId);
        rows = fresh;
      } else {
        const { moved, tried } = rows;
        rows.moved = new Set();
        rows.tried = new Map();
        // What tries wrote is taken as it is; a game it cannot be taken for is read.
        for (const [id, after] of tried) {
          const row = rows.games.get(id);
          const next = row && rowAfterTry(row, after, rows.places.get(row.route_id));
          if (next) this.keep(rows, next, now);
          else moved.add(id);
        }
        if (moved.size > 0) {
          const games = await listConsoleGames(this.db, scope, {
            routeId,
            finishedSince,
            gameIds: [...moved],
          });
          const read = new Map(games.map((game) => [game.id, game]));
          for (const id of moved) {
            const game = read.get(id);
            if (game) this.keep(rows, game, now);
            else {
              rows.games.delete(id);
              rows.teams.delete(id);
            }
          }
        }
      }
    } catch (err) {
      // What was taken is not merged: the next read is whole.
      this.consoles.delete(key);
      throw err;
    }
    rows.usedAtMs = nowMs;
    const events = await listEvents(this.db, scope, {
      routeId: routeId ?? undefined,
      limit: LIVE_FEED_SIZE,
    });
    return {
      teams: [...rows.teams.values()].sort(compareConsoleTeams),
      activity: events.map(presentEvent),
      routes: rows.routes,
      computed_at: now.toISOString(),
    };
  }

  /** Game row `game` in the console's rows, presented at `now`. */
  private keep(rows: ConsoleRows, game: ConsoleGameRow, now: Date): void {
    rows.games.set(game.id, game);
    rows.teams.set(game.id, presentTeam(game, now));
  }

  private forgetUnused(nowMs: number): void {
    for (const [key, rows] of this.consoles) {
      if (nowMs - rows.usedAtMs >= FORGET_AFTER_MS) this.consoles.delete(key);
    }
  }
}
