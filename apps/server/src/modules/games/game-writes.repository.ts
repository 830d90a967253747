import { and, eq, inArray, isNotNull, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/db';
import { gameEvents, games, gameSteps, idempotencyKeys, routes } from '../../db/schema';
import type { TenantScope } from '../../db/scope';
import { scoreboardRowUpsert } from '../scoreboards/scoreboards.service';
import type { GameRow } from './games.repository';
import { type GameEventInsert, gameReplyScope } from './try';

// The one writer of a game's rows outside a try (try/index.ts, invariant 5). A try judged on the
// try cache writes only while the game's row is the version it judged, so every write that
// changes what a try judges on must write the game's row too: `writeGameOutsideTry` does, with
// its steps' writes in the same transaction. Only this file and the try write `games` and
// `game_steps` (the lint fence in eslint.config.js).

/** What a write outside a try may set on a game's row. */
export type GameRowSet = Partial<
  Pick<
    GameRow,
    | 'status'
    | 'paused_at'
    | 'last_active_at'
    | 'finished_at'
    | 'current_step_index'
    | 'last_progress_at'
    | 'time_extension_minutes'
    | 'location_sharing'
  >
>;

/**
 * The scoreboard row the write keeps in step with the game's (a staff action moving the score or
 * the progress): its score is the game's `total_score` as written, so the boards agree with it.
 */
export interface HeartbeatOfWrite {
  routeId: string;
  teamName: string;
  email: string;
  /** The game's steps done (ok or skipped) after the write, and the route's steps. */
  progress: number;
  total: number;
  lastSeen: Date;
}

/** An event of the game written outside a try: its game and route are the row's. */
export type OutsideEvent = Omit<GameEventInsert, 'routeId' | 'gameId'>;

/** A write of a game's row outside a try (`writeGameOutsideTry`). */
export interface OutsideWrite {
  id: string;
  set: GameRowSet;
  /** Only while the team and status hold (the team's own Stop). */
  onlyIf?: { email: string; status: GameRow['status'] };
  /** Points added to `total_score` (`total_score = total_score + delta`), with their events. */
  scoreDelta?: number;
  /** The game's events, inserted after its row (their points sum to `scoreDelta`). */
  events?: readonly OutsideEvent[];
  /** The team's scoreboard row, upserted with the score written. */
  heartbeat?: HeartbeatOfWrite;
}

/** What `writeGameOutsideTry` wrote: the game row's score and step, and the events' ids. */
export interface OutsideWritten {
  total_score: number;
  current_step_index: number;
  status: GameRow['status'];
  eventIds: number[];
}

/** The writes of a game's steps `writeGameOutsideTry` may make, after the game's row. */
export interface GameStepWrites {
  /** Starts the clock of one of the game's steps. */
  startClock(gameStepId: string, startedMs: number): Promise<void>;
  /** Records the URL of the photo of one of the game's steps. */
  setPhotoUrl(gameStepId: string, url: string): Promise<void>;
  /** Adds a pending step for every route step `stepIds` the game does not have yet. */
  addMissing(stepIds: readonly string[]): Promise<void>;
  /** Marks one of the game's steps skipped with 0 points at `endedMs` (a staff skip). */
  skip(gameStepId: string, opts: { startedMs: number; endedMs: number }): Promise<void>;
  /**
   * Makes a done step of the game pending again, its points and end cleared; `clearPhoto` also
   * forgets its photo, so that a retake needs a new one (a rejected photo, decision 0083).
   */
  reopen(gameStepId: string, opts?: { clearPhoto?: boolean }): Promise<void>;
  /** Marks one of the game's steps solved again as it was (an undone rejection). */
  restore(
    gameStepId: string,
    opts: { points: number; endedMs: number | null; photoUrl: string | null },
  ): Promise<void>;
}

/** The step writes of game `gameId` of the tenant, on `tx`. */
function stepWritesOf(tx: Db, scope: TenantScope, gameId: string): GameStepWrites {
  const scoped = tx.scoped(scope);
  const ofGame = (gameStepId: string) =>
    and(eq(gameSteps.id, gameStepId), eq(gameSteps.game_id, gameId));
  return {
    async startClock(gameStepId, startedMs) {
      await scoped.update(gameSteps, { started_ms: startedMs }, ofGame(gameStepId));
    },
    async setPhotoUrl(gameStepId, url) {
      await scoped.update(gameSteps, { photo_url: url }, ofGame(gameStepId));
    },
    async skip(gameStepId, { startedMs, endedMs }) {
      await scoped.update(
        gameSteps,
        { status: 'skipped', points: 0, started_ms: startedMs, ended_ms: endedMs },
        ofGame(gameStepId),
      );
    },
    async reopen(gameStepId, opts = {}) {
      await scoped.update(
        gameSteps,
        {
          status: 'pending',
          points: 0,
          ended_ms: null,
          ...(opts.clearPhoto ? { photo_url: null } : {}),
        },
        ofGame(gameStepId),
      );
    },
    async restore(gameStepId, { points, endedMs, photoUrl }) {
      await scoped.update(
        gameSteps,
        { status: 'ok', points, ended_ms: endedMs, photo_url: photoUrl },
        ofGame(gameStepId),
      );
    },
    async addMissing(stepIds) {
      await scoped.insertChildren(
        gameSteps,
        stepIds.map((stepId) => ({ game_id: gameId, step_id: stepId, status: 'pending' as const })),
        { ignoreConflicts: true },
      );
    },
  };
}

/**
 * Writes game `game.id` of the tenant outside a try: its row gets `game.set` (with nothing to
 * set, the row is written as it is) and `game.scoreDelta` on its score, only while the team and
 * status of `game.onlyIf` hold, then its events (`game.events`), its scoreboard row
 * (`game.heartbeat`) and `writeSteps` its steps, in one transaction (a savepoint in the
 * caller's). Writing the row gives it a new version, so a try judged on what an instance cached
 * is read and judged again (decision 0054). Answers what was written, or null, writing nothing,
 * when the row was not there to write.
 */
export async function writeGameOutsideTry(
  db: Db,
  scope: TenantScope,
  game: OutsideWrite,
  writeSteps?: (steps: GameStepWrites) => Promise<void>,
): Promise<OutsideWritten | null> {
  const delta = game.scoreDelta ?? 0;
  const values = {
    ...game.set,
    ...(delta === 0 ? {} : { total_score: sql`${games.total_score} + ${delta}` }),
  };
  const sets = Object.keys(values).length > 0 ? values : { updated_at: sql`updated_at` };
  const { onlyIf } = game;
  const where = and(
    eq(games.id, game.id),
    onlyIf && and(eq(games.owner_email, onlyIf.email), eq(games.status, onlyIf.status)),
  );
  const writeRow = async (tx: Db) => {
    const [row] = await tx.scoped(scope).update(games, sets, where).returning({
      total_score: games.total_score,
      current_step_index: games.current_step_index,
      status: games.status,
      route_id: games.route_id,
    });
    return row;
  };
  const events = game.events ?? [];
  if (!writeSteps && events.length === 0 && !game.heartbeat) {
    const row = await writeRow(db);
    return row
      ? {
          total_score: row.total_score,
          current_step_index: row.current_step_index,
          status: row.status,
          eventIds: [],
        }
      : null;
  }
  return db.transaction(async (tx) => {
    const row = await writeRow(tx);
    if (!row) return null;
    const eventIds = await insertEvents(
      tx,
      scope,
      events.map((event) => ({ ...event, routeId: row.route_id, gameId: game.id })),
    );
    if (game.heartbeat) {
      const { heartbeat } = game;
      await tx
        .scoped(scope)
        .execute(scoreboardRowUpsert(scope, { ...heartbeat, score: row.total_score }, sql`true`));
    }
    if (writeSteps) await writeSteps(stepWritesOf(tx, scope, game.id));
    return {
      total_score: row.total_score,
      current_step_index: row.current_step_index,
      status: row.status,
      eventIds,
    };
  });
}

/** Inserts a game's events on `tx`, in order; answers their ids. */
async function insertEvents(
  tx: Db,
  scope: TenantScope,
  events: readonly GameEventInsert[],
): Promise<number[]> {
  if (events.length === 0) return [];
  const rows = await tx
    .scoped(scope)
    .insert(
      gameEvents,
      events.map((event) => ({
        route_id: event.routeId,
        game_id: event.gameId,
        step_id: event.stepId,
        kind: event.kind,
        points: event.points,
        reason: event.reason ?? null,
        details: event.details ?? null,
        actor_user_id: event.actor?.userId ?? null,
        actor_email: event.actor?.email ?? null,
        undoes_id: event.undoesId ?? null,
        action_id: event.actionId ?? null,
        at: event.at,
      })),
    )
    .returning({ id: gameEvents.id });
  return rows.map((row) => row.id);
}

/**
 * Inserts an active game of the tenant (a new row: no try has judged it yet); created before its
 * route's event starts, its clock starts then (decision 0085).
 */
export async function insertGame(
  db: Db,
  scope: TenantScope,
  values: {
    routeId: string;
    teamName: string;
    email: string;
    avatarUrl: string | null;
    now: Date;
  },
): Promise<GameRow> {
  const [route] = await db
    .scoped(scope)
    .select({ startAt: routes.event_start_at })
    .from(routes, eq(routes.id, values.routeId));
  const startAt = route?.startAt ?? null;
  const [row] = await db
    .scoped(scope)
    .insert(games, {
      route_id: values.routeId,
      team_name: values.teamName,
      owner_email: values.email,
      team_avatar_url: values.avatarUrl,
      status: 'active',
      created_at: values.now,
      started_at: values.now,
      last_active_at: values.now,
      clock_at: startAt !== null && startAt > values.now ? startAt : null,
    })
    .returning();
  if (!row) throw new Error('insert returned no game');
  return row;
}

/**
 * Deletes the tenant's games `gameIds`, their steps (cascade) and the replies kept for them; a
 * try judged on a cached game then finds no row to write and reads that it is gone.
 */
export async function deleteGames(
  db: Db,
  scope: TenantScope,
  gameIds: readonly string[],
): Promise<void> {
  if (gameIds.length === 0) return;
  const scoped = db.scoped(scope);
  await scoped.delete(idempotencyKeys, inArray(idempotencyKeys.scope, gameIds.map(gameReplyScope)));
  await scoped.delete(games, inArray(games.id, [...gameIds]));
}

// The event clock's writes of a route's open games (decision 0085). Each writes the rows of the
// games whose steps it writes, and the caller writes the route's row: a try judged on what an
// instance cached reads again (decision 0054).

/**
 * After the route form saved the tenant's route (decision 0085): with a start to come, every open
 * game of it starts then (its clock, and its started steps' clocks); with none, or one already
 * past, the games still waiting start now (or at the start); an end moved to come, or removed,
 * lets the due job end the games again.
 */
export async function retimeEventGames(
  db: Db,
  scope: TenantScope,
  opts: {
    route: Pick<typeof routes.$inferSelect, 'id' | 'event_start_at' | 'event_end_at'>;
    now: Date;
  },
): Promise<void> {
  const { route, now } = opts;
  const scoped = db.scoped(scope);
  const clock = sql`coalesce(${games.clock_at}, ${games.created_at})`;
  const toCome = route.event_start_at !== null && route.event_start_at > now;
  const startAt = route.event_start_at ?? now;
  const retimed = await scoped
    .update(
      games,
      { clock_at: sql`greatest(${games.created_at}, ${startAt}::timestamptz)` },
      and(
        eq(games.route_id, route.id),
        ne(games.status, 'completed'),
        toCome ? undefined : sql`${clock} > ${now}::timestamptz`,
      ),
    )
    .returning({ id: games.id, clock_at: games.clock_at });
  for (const game of retimed) {
    if (game.clock_at === null) continue;
    await scoped.update(
      gameSteps,
      { started_ms: game.clock_at.getTime() },
      and(
        eq(gameSteps.game_id, game.id),
        eq(gameSteps.status, 'pending'),
        isNotNull(gameSteps.started_ms),
      ),
    );
  }
  if (route.event_end_at === null || route.event_end_at > now) {
    await scoped.update(routes, { event_closed_at: null }, eq(routes.id, route.id));
  }
}

/**
 * Moves on the clocks of the tenant's route's open games by the part of the pause (from
 * `pausedAt` to `now`) each lived through: a game's clock (`clock_at`, else its creation) and
 * its pending steps' started clocks. A clock that started during the pause moves by the time
 * since it started; one still to start (a game waiting for the event's start) does not move.
 */
export async function shiftClocks(
  db: Db,
  scope: TenantScope,
  opts: { routeId: string; pausedAt: Date; now: Date },
): Promise<void> {
  const scoped = db.scoped(scope);
  const clock = sql`coalesce(${games.clock_at}, ${games.created_at})`;
  await scoped.update(
    games,
    {
      clock_at: sql`${clock} + (${opts.now}::timestamptz - greatest(${opts.pausedAt}::timestamptz, ${clock}))`,
    },
    and(
      eq(games.route_id, opts.routeId),
      ne(games.status, 'completed'),
      sql`${clock} < ${opts.now}::timestamptz`,
    ),
  );
  const nowMs = opts.now.getTime();
  const pausedMs = opts.pausedAt.getTime();
  await scoped.execute(
    sql`update game_steps gs
      set started_ms = gs.started_ms + (${nowMs}::bigint - greatest(${pausedMs}::bigint, gs.started_ms))
      from games g
      where g.id = gs.game_id and g.tenant_id = ${scope.tenantId} and g.route_id = ${opts.routeId}
        and g.status <> 'completed' and gs.status = 'pending'
        and gs.started_ms is not null and gs.started_ms < ${nowMs}::bigint`,
  );
}

/**
 * Ends every open game of the tenant's route at `now` as a time-out does: completed with its
 * score, a `finish` event whose cause is `time_up`. Answers how many it ended.
 */
export async function closeOpenGames(
  db: Db,
  scope: TenantScope,
  opts: { routeId: string; now: Date },
): Promise<number> {
  const scoped = db.scoped(scope);
  const ended = await scoped
    .update(
      games,
      { status: 'completed', finished_at: opts.now },
      and(eq(games.route_id, opts.routeId), ne(games.status, 'completed')),
    )
    .returning({ id: games.id });
  if (ended.length === 0) return 0;
  await scoped.insert(
    gameEvents,
    ended.map((game) => ({
      route_id: opts.routeId,
      game_id: game.id,
      step_id: null,
      kind: 'finish' as const,
      points: 0,
      details: { cause: 'time_up' },
      at: opts.now,
    })),
  );
  return ended.length;
}
