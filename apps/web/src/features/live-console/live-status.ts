import type { LiveTeam, LiveTeamStatus } from '@tappa/contracts';
import { STALE_AFTER_MS } from '@tappa/domain';

/** The game's own statuses, which the clock never changes. */
const GAME_STATUSES: readonly LiveTeamStatus[] = ['playing', 'paused', 'finished'];

/**
 * A team's badges at `now`: its game's status as the server sent it, then `stale` (no request for
 * STALE_AFTER_MS) and `stuck` (no step done for the route's `stuckAfterMinutes`) while playing,
 * derived again from the clock so that they follow between pushes. The domain's `live-status`
 * computes the same on the server; the web should call it once it is merged.
 */
export function liveStatusesAt(
  team: Pick<LiveTeam, 'statuses' | 'last_active_at' | 'last_progress_at'>,
  stuckAfterMinutes: number,
  now: number,
): LiveTeamStatus[] {
  const statuses = team.statuses.filter((status) => GAME_STATUSES.includes(status));
  if (!statuses.includes('playing')) return statuses;
  if (now - Date.parse(team.last_active_at) >= STALE_AFTER_MS) statuses.push('stale');
  if (now - Date.parse(team.last_progress_at) >= stuckAfterMinutes * 60_000) statuses.push('stuck');
  return statuses;
}

/** How long ago `iso` was at `now`: 'now', whole minutes under an hour, else whole hours. */
export function ageOf(
  iso: string,
  now: number,
): { unit: 'now' | 'minutes' | 'hours'; count: number } {
  const minutes = Math.floor(Math.max(0, now - Date.parse(iso)) / 60_000);
  if (minutes < 1) return { unit: 'now', count: 0 };
  if (minutes < 60) return { unit: 'minutes', count: minutes };
  return { unit: 'hours', count: Math.floor(minutes / 60) };
}
