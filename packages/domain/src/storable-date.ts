/** The years a date column holds and a date survives a round trip through ISO text. */
const YEAR_MIN = 1;
const YEAR_MAX = 9999;

/**
 * Whether ISO date or date-time text names a real instant in the years 1–9999 (UTC): text a
 * calendar reads but the database does not (year 0, year 10000 after the offset) is refused
 * here rather than by the database.
 */
export function isStorableDate(text: string): boolean {
  const ms = Date.parse(text);
  if (!Number.isFinite(ms)) return false;
  const year = new Date(ms).getUTCFullYear();
  return year >= YEAR_MIN && year <= YEAR_MAX;
}
