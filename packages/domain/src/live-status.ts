import { type GameStatus, isGameIdle } from './game-activity';
import { STALE_AFTER_MS } from './game-events';

/** A team's badge on the live console (issue 31): its game's status, or what its silence says. */
export type LiveStatus = 'playing' | 'paused' | 'finished' | 'stale' | 'stuck';

/** What the console's badges are computed from. */
export interface LiveStatusInput {
  status: GameStatus;
  /** The team's last request. */
  lastActiveAt: Date;
  /** When the team last solved or skipped a step, else when the game started. */
  lastProgressAt: Date;
  /** The route's minutes without a step done after which a playing team is stuck. */
  stuckAfterMinutes: number;
}

/**
 * Every badge of a game at `now`: `finished` (completed), `paused` (a stored pause, or idle as
 * `isGameIdle` says: 15 minutes without contact) or `playing`; while playing, `stale` when the
 * team has sent no request for STALE_AFTER_MS (exactly 2 minutes is stale) and `stuck` when it has
 * done no step for the route's stuck minutes (exactly that long is stuck). The server and the web
 * compute them with this function, so a badge appears on the open console as time passes.
 */
export function liveStatuses(game: LiveStatusInput, now: Date): LiveStatus[] {
  if (game.status === 'completed') return ['finished'];
  if (game.status === 'paused') return ['paused'];
  if (isGameIdle(game, now)) return ['paused'];
  const statuses: LiveStatus[] = ['playing'];
  const nowMs = now.getTime();
  if (nowMs - game.lastActiveAt.getTime() >= STALE_AFTER_MS) statuses.push('stale');
  if (nowMs - game.lastProgressAt.getTime() >= game.stuckAfterMinutes * 60_000) {
    statuses.push('stuck');
  }
  return statuses;
}
