import { ANALYTICS_RANGE_MAX_DAYS, type AnalyticsQuery } from '@tappa/contracts';
import { instantOfWallClock, localDateTime } from '@tappa/domain';

const DAY_MS = 86_400_000;

/** What the page's address asks for: a route (its id) and the range's ends (instants). */
export interface AnalyticsSearch {
  route: string | null;
  from: string | null;
  to: string | null;
}

/** Why a range is refused: the server's schema's two rules, or an end that is no date. */
export type RangeProblem = 'order' | 'tooLong' | 'invalid';

/**
 * What is wrong with the range `[from, to)` by the rules of `AnalyticsQuerySchema` (the end
 * after the start, at most ANALYTICS_RANGE_MAX_DAYS later); null when nothing is.
 */
export function rangeProblem(from: string | null, to: string | null): RangeProblem | null {
  const fromMs = from === null ? null : Date.parse(from);
  const toMs = to === null ? null : Date.parse(to);
  if (Number.isNaN(fromMs) || Number.isNaN(toMs)) return 'invalid';
  if (fromMs === null || toMs === null) return null;
  if (toMs <= fromMs) return 'order';
  return toMs - fromMs > ANALYTICS_RANGE_MAX_DAYS * DAY_MS ? 'tooLong' : null;
}

/** The day after `day` (YYYY-MM-DD). */
function nextDay(day: string): string {
  const [y, m, d] = day.split('-').map(Number);
  return new Date(Date.UTC(y ?? 1970, (m ?? 1) - 1, (d ?? 1) + 1)).toISOString().slice(0, 10);
}

/**
 * The range of the days typed (YYYY-MM-DD, both included; empty: open) on the tenant's clock:
 * from the first day's midnight to the midnight after the last day.
 */
export function rangeOfDays(
  days: { fromDay: string; toDay: string },
  timeZone: string,
): { from: string | null; to: string | null } {
  const midnight = (day: string) => instantOfWallClock(day, '00:00', timeZone).toISOString();
  return {
    from: days.fromDay ? midnight(days.fromDay) : null,
    to: days.toDay ? midnight(nextDay(days.toDay)) : null,
  };
}

/** The days a range shows in the form (the inverse of `rangeOfDays`); empty for an open end. */
export function daysOfRange(
  range: { from: string | null; to: string | null },
  timeZone: string,
): { fromDay: string; toDay: string } {
  const dayOf = (ms: number) =>
    Number.isNaN(ms) ? '' : localDateTime(new Date(ms), timeZone).date;
  return {
    fromDay: range.from ? dayOf(Date.parse(range.from)) : '',
    toDay: range.to ? dayOf(Date.parse(range.to) - 1) : '',
  };
}

/** The read the address asks for; null without a route or with a range the server refuses. */
export function queryOf(search: AnalyticsSearch): AnalyticsQuery | null {
  if (!search.route || rangeProblem(search.from, search.to)) return null;
  return {
    route: search.route,
    ...(search.from ? { from: search.from } : {}),
    ...(search.to ? { to: search.to } : {}),
  };
}

/** The address's query of `search` (`?route=…&from=…&to=…`, the ends only when set). */
export function searchText(search: AnalyticsSearch): string {
  const entries = Object.entries(search).filter(
    (entry): entry is [string, string] => entry[1] !== null && entry[1] !== '',
  );
  return entries.length === 0 ? '' : `?${new URLSearchParams(entries).toString()}`;
}
