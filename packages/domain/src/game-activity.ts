/** How long a game may go without any contact from its team before it counts as paused (doc 2 issue 16). */
export const GAME_IDLE_PAUSE_MS = 15 * 60_000;

/** A game's stored status. */
export type GameStatus = 'active' | 'paused' | 'completed';

/**
 * Whether an active game counts as paused because its team has not been heard from for
 * `GAME_IDLE_PAUSE_MS` (the phone died, the page was closed without a goodbye). The stored status
 * stays 'active': the next contact simply makes it live again.
 */
export function isGameIdle(game: { status: GameStatus; lastActiveAt: Date }, now: Date): boolean {
  // At exactly 15 minutes without contact the game counts as paused.
  return (
    game.status === 'active' && now.getTime() - game.lastActiveAt.getTime() >= GAME_IDLE_PAUSE_MS
  );
}

/**
 * When a game stopped, for the paused-games lists: the stored pause of a paused game, the last
 * contact of an idle one, null for a game still in play or completed.
 */
export function gamePausedAt(
  game: { status: GameStatus; pausedAt: Date | null; lastActiveAt: Date },
  now: Date,
): Date | null {
  if (game.status === 'paused') return game.pausedAt ?? game.lastActiveAt;
  return isGameIdle(game, now) ? game.lastActiveAt : null;
}
