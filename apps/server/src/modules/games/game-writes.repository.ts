import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/db';
import { games, gameSteps, idempotencyKeys } from '../../db/schema';
import type { TenantScope } from '../../db/scope';
import type { GameRow } from './games.repository';
import { gameReplyScope } from './try';

// The one writer of a game's rows outside a try (try/index.ts, invariant 5). A try judged on the
// try cache writes only while the game's row is the version it judged, so every write that
// changes what a try judges on must write the game's row too: `writeGameOutsideTry` does, with
// its steps' writes in the same transaction. Only this file and the try write `games` and
// `game_steps` (the lint fence in eslint.config.js).

/** What a write outside a try may set on a game's row. */
export type GameRowSet = Partial<Pick<GameRow, 'status' | 'paused_at' | 'last_active_at'>>;

/** The writes of a game's steps `writeGameOutsideTry` may make, after the game's row. */
export interface GameStepWrites {
  /** Starts the clock of one of the game's steps. */
  startClock(gameStepId: string, startedMs: number): Promise<void>;
  /** Records the URL of the photo of one of the game's steps. */
  setPhotoUrl(gameStepId: string, url: string): Promise<void>;
  /** Adds a pending step for every route step `stepIds` the game does not have yet. */
  addMissing(stepIds: readonly string[]): Promise<void>;
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
 * set, the row is written as it is), only while the team and status of `game.onlyIf` hold, then
 * `writeSteps` writes its steps, in one transaction (a savepoint in the caller's). Writing the
 * row gives it a new version, so a try judged on what an instance cached is read and judged again
 * (decision 0054). Answers false, and writes nothing, when the row was not there to write.
 */
export async function writeGameOutsideTry(
  db: Db,
  scope: TenantScope,
  game: { id: string; set: GameRowSet; onlyIf?: { email: string; status: GameRow['status'] } },
  writeSteps?: (steps: GameStepWrites) => Promise<void>,
): Promise<boolean> {
  const values = Object.keys(game.set).length > 0 ? game.set : { updated_at: sql`updated_at` };
  const { onlyIf } = game;
  const where = and(
    eq(games.id, game.id),
    onlyIf && and(eq(games.owner_email, onlyIf.email), eq(games.status, onlyIf.status)),
  );
  const writeRow = async (tx: Db) =>
    (await tx.scoped(scope).update(games, values, where).returning({ id: games.id })).length > 0;
  if (!writeSteps) return writeRow(db);
  return db.transaction(async (tx) => {
    if (!(await writeRow(tx))) return false;
    await writeSteps(stepWritesOf(tx, scope, game.id));
    return true;
  });
}

/** Inserts an active game of the tenant (a new row: no try has judged it yet). */
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
