/** Registration and game times the Italian way, to the minute (dd/mm/yyyy, hh:mm). */
const TIME_FORMAT = new Intl.DateTimeFormat('it-IT', { dateStyle: 'short', timeStyle: 'short' });

/** `iso` (from the API) as the Players tab writes times. */
export function formatPlayerTime(iso: string): string {
  return TIME_FORMAT.format(new Date(iso));
}

/** A time of the Players tab, machine-readable too. */
export function PlayerTime({ iso }: { iso: string }) {
  return <time dateTime={iso}>{formatPlayerTime(iso)}</time>;
}
