import {
  compareConsoleTeams,
  LIVE_FEED_SIZE,
  type LiveConsole,
  type LiveTeam,
  type RouteLiveState,
} from '@tappa/contracts';
import type { Db } from '../../db/db';
import type { Clock } from '../../infra/clock';
import { listConsoleGames, listEvents } from './live.repository';
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
  teams: Map<string, LiveTeam>;
  routes: RouteLiveState[];
  /** The games that had an event since the last read, or everything. */
  moved: Set<string> | 'all';
  wholeAtMs: number;
  usedAtMs: number;
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

  /** Game `gameId` of the tenant's route had an event on this instance. */
  gameMoved(tenantId: string, routeId: string, gameId: string): void {
    for (const key of [keyOf(tenantId, routeId), keyOf(tenantId, null)]) {
      const rows = this.consoles.get(key);
      if (rows && rows.moved !== 'all') rows.moved.add(gameId);
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
          teams: new Map(),
          routes: [],
          moved: new Set(),
          wholeAtMs: nowMs,
          usedAtMs: nowMs,
        };
        this.consoles.set(key, fresh);
        const games = await listConsoleGames(this.db, scope, { routeId, finishedSince });
        fresh.teams = new Map(games.map((game) => [game.id, presentTeam(game, now)]));
        fresh.routes = await listRouteStates(this.db, scope, routeId);
        rows = fresh;
      } else if (rows.moved.size > 0) {
        const moved = rows.moved;
        rows.moved = new Set();
        const games = await listConsoleGames(this.db, scope, {
          routeId,
          finishedSince,
          gameIds: [...moved],
        });
        const read = new Map(games.map((game) => [game.id, game]));
        for (const id of moved) {
          const game = read.get(id);
          if (game) rows.teams.set(id, presentTeam(game, now));
          else rows.teams.delete(id);
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

  private forgetUnused(nowMs: number): void {
    for (const [key, rows] of this.consoles) {
      if (nowMs - rows.usedAtMs >= FORGET_AFTER_MS) this.consoles.delete(key);
    }
  }
}
