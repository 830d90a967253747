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
 * The instant the wall clock of `timeZone` reads `date` (YYYY-MM-DD) `time` (HH:MM[:SS]): a
 * route's start typed on the tenant's clock. Daylight-saving changes are handled by re-checking
 * the offset at the candidate instant; a time skipped by the change reads as the hour after.
 */
export function instantOfWallClock(date: string, time: string, timeZone: string): Date {
  const [y, m, d] = date.split('-').map(Number);
  const [hh, mm, ss] = time.split(':').map(Number);
  const wallAsUtc = Date.UTC(y ?? 1970, (m ?? 1) - 1, d ?? 1, hh ?? 0, mm ?? 0, ss ?? 0);
  let candidate = wallAsUtc - offsetMs(wallAsUtc, timeZone);
  candidate = wallAsUtc - offsetMs(candidate, timeZone);
  return new Date(candidate);
}

/**
 * The instant today began in `timeZone` (local midnight): "today" on scoreboards starts here.
 */
export function startOfLocalDay(now: Date, timeZone: string): Date {
  return instantOfWallClock(localDateTime(now, timeZone).date, '00:00', timeZone);
}
