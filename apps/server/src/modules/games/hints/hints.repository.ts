import { and, asc, count, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../../db/db';
import { gameHints, steps } from '../../../db/schema';
import type { TenantScope } from '../../../db/scope';

// The hints taken in games (decision 0085): one row per game, step and hint, written with the
// hint's ledger event in the transaction that locked the game.

/** A hint taken. */
export type GameHintRow = typeof gameHints.$inferSelect;

/** Which hint of which game: the step and the hint's place in its `hints`. */
export interface HintKey {
  gameId: string;
  stepId: string;
  hintIndex: number;
}

/** The hints taken in the tenant's game `gameId`, in the order they were taken. */
export function listGameHints(db: Db, scope: TenantScope, gameId: string): Promise<GameHintRow[]> {
  return db
    .scoped(scope)
    .selectFrom(gameHints, eq(gameHints.game_id, gameId))
    .orderBy(asc(gameHints.event_id));
}

/** The hint `key` of the tenant's game, if it was taken. */
export async function findGameHint(
  db: Db,
  scope: TenantScope,
  key: HintKey,
): Promise<GameHintRow | null> {
  const [row] = await db
    .scoped(scope)
    .selectFrom(
      gameHints,
      and(
        eq(gameHints.game_id, key.gameId),
        eq(gameHints.step_id, key.stepId),
        eq(gameHints.hint_index, key.hintIndex),
      ),
    )
    .limit(1);
  return row ?? null;
}

/** Records hint `key` of the tenant's game as taken, with its ledger event (`eventId`). */
export async function insertGameHint(
  db: Db,
  scope: TenantScope,
  values: HintKey & { cost: number; takenAt: Date; givenByUserId: string | null; eventId: number },
): Promise<void> {
  await db.scoped(scope).insert(gameHints, {
    game_id: values.gameId,
    step_id: values.stepId,
    hint_index: values.hintIndex,
    cost: values.cost,
    taken_at: values.takenAt,
    given_by_user_id: values.givenByUserId,
    event_id: values.eventId,
  });
}

/** The hints taken in the tenant's games `gameIds` with their step's place, in taking order. */
export async function listHintsOfGames(db: Db, scope: TenantScope, gameIds: readonly string[]) {
  if (gameIds.length === 0) return [];
  return db
    .scoped(scope)
    .select({
      game_id: gameHints.game_id,
      step_id: gameHints.step_id,
      place: steps.place,
      hint_index: gameHints.hint_index,
      cost: gameHints.cost,
      taken_at: gameHints.taken_at,
      given_by_user_id: gameHints.given_by_user_id,
    })
    .from(gameHints, inArray(gameHints.game_id, [...gameIds]))
    .innerJoin(steps, eq(steps.id, gameHints.step_id))
    .orderBy(asc(gameHints.event_id));
}

/** How many hints were taken in the tenant's games `gameIds`. */
export async function countHintsOfGames(
  db: Db,
  scope: TenantScope,
  gameIds: readonly string[],
): Promise<number> {
  if (gameIds.length === 0) return 0;
  const [row] = await db
    .scoped(scope)
    .select({ n: count() })
    .from(gameHints, inArray(gameHints.game_id, [...gameIds]));
  return Number(row?.n ?? 0);
}
