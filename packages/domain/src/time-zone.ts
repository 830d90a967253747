import { localDateTime } from './pricing';

/** Milliseconds the wall clock of `timeZone` is ahead of UTC at `instant`. */
function offsetMs(instant: number, timeZone: string): number {
  const { date, time } = localDateTime(new Date(instant), timeZone);
  const [y, m, d] = date.split('-').map(Number);
  const [hh, mm, ss] = time.split(':').map(Number);
  const wall = Date.UTC(y ?? 1970, (m ?? 1) - 1, d ?? 1, hh ?? 0, mm ?? 0, ss ?? 0);
  return wall - Math.floor(instant / 1000) * 1000;
}

/**
 * The instant today began in `timeZone` (local midnight): "today" on scoreboards starts here.
 * Daylight-saving changes are handled by re-checking the offset at the candidate midnight.
 */
export function startOfLocalDay(now: Date, timeZone: string): Date {
  const [y, m, d] = localDateTime(now, timeZone).date.split('-').map(Number);
  const midnightAsUtc = Date.UTC(y ?? 1970, (m ?? 1) - 1, d ?? 1);
  let candidate = midnightAsUtc - offsetMs(midnightAsUtc, timeZone);
  candidate = midnightAsUtc - offsetMs(candidate, timeZone);
  return new Date(candidate);
}
