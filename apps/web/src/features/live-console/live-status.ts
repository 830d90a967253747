import type { LiveTeam, LiveTeamStatus } from '@tappa/contracts';
import { type GameStatus, liveStatuses } from '@tappa/domain';

/**
 * Team names in the browser's language's order, as `localeCompare` has them: one collator for
 * every comparison, where `localeCompare` looks one up at each call (1,000 teams sort in about
 * 10,000 comparisons).
 */
export const NAME_ORDER = new Intl.Collator();

/**
 * A team's badges at `now`, computed by the domain's `liveStatuses` as the server does, from the
 * game's status the row carries and its last request and progress: `stale` and `stuck` follow
 * the clock between pushes.
 */
export function liveStatusesAt(
  team: Pick<LiveTeam, 'statuses' | 'last_active_at' | 'last_progress_at'>,
  stuckAfterMinutes: number,
  now: number,
): LiveTeamStatus[] {
  const status: GameStatus = team.statuses.includes('finished')
    ? 'completed'
    : team.statuses.includes('paused')
      ? 'paused'
      : 'active';
  return liveStatuses(
    {
      status,
      lastActiveAt: new Date(team.last_active_at),
      lastProgressAt: new Date(team.last_progress_at),
      stuckAfterMinutes,
    },
    new Date(now),
  );
}

/** A game's elapsed time at `now`: from its start to its end, or to `now` while it is played. */
export function elapsedAt(team: Pick<LiveTeam, 'started_at' | 'finished_at'>, now: number): number {
  const endMs = team.finished_at === null ? now : Date.parse(team.finished_at);
  return Math.max(0, endMs - Date.parse(team.started_at));
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
