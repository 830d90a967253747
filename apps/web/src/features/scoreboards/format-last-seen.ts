import { formatInstant } from '@tappa/domain';
import { type ClockOptions, formatClock } from '../../lib/clock';

/**
 * A 'Last Seen' time to the minute in it-IT (doc 2 §9) on the tenant's clock: the time of day
 * when it is today there ('10:30'), else date and time ('03/05/2025, 10:30'); the zone is named
 * when the viewer's clock is another (`formatClock`).
 */
export function formatLastSeen(
  iso: string,
  now: Date,
  options: Omit<ClockOptions, 'style'>,
): string {
  const seen = new Date(iso);
  if (Number.isNaN(seen.getTime())) return '';
  const isToday =
    formatInstant(seen, options.timeZone, 'date') === formatInstant(now, options.timeZone, 'date');
  return formatClock(seen, { ...options, style: isToday ? 'time' : 'dateTime' });
}
