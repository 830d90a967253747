const TIME = { hour: '2-digit', minute: '2-digit' } as const;
const DAY = { day: '2-digit', month: '2-digit', year: 'numeric' } as const;

/**
 * A 'Last Seen' time to the minute in it-IT (doc 2 §9): the time of day when it is today
 * ('10:30'), else date and time ('03/05/2025, 10:30'). `timeZone` defaults to the browser's.
 */
export function formatLastSeen(iso: string, now: Date, timeZone?: string): string {
  const seen = new Date(iso);
  if (Number.isNaN(seen.getTime())) return '';
  const day = new Intl.DateTimeFormat('it-IT', { ...DAY, timeZone });
  if (day.format(seen) === day.format(now)) {
    return new Intl.DateTimeFormat('it-IT', { ...TIME, timeZone }).format(seen);
  }
  return new Intl.DateTimeFormat('it-IT', { ...DAY, ...TIME, timeZone }).format(seen);
}
