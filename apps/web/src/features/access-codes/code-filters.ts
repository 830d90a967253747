import type { AccessCode } from '@tappa/contracts';
import { localDateTime } from '@tappa/domain';

/** The page's filters: free text, and calendar days (`YYYY-MM-DD`, '' for none) on both dates. */
export interface CodeFilters {
  search: string;
  createdFrom: string;
  createdTo: string;
  usedFrom: string;
  usedTo: string;
}

/** No filter at all. */
export const NO_FILTERS: CodeFilters = {
  search: '',
  createdFrom: '',
  createdTo: '',
  usedFrom: '',
  usedTo: '',
};

/** The calendar day (`YYYY-MM-DD`, as the date inputs give it) of an ISO time on the tenant's clock. */
export function localDay(iso: string, timeZone: string): string {
  return localDateTime(new Date(iso), timeZone).date;
}

/** The bounds of one date filter (either may be ''), and the tenant's clock the days are read on. */
interface DayBounds {
  from: string;
  to: string;
  timeZone: string;
}

/** Whether the day of `iso` lies in [from, to]; no time is outside any bound. */
function inDays(iso: string | null, { from, to, timeZone }: DayBounds): boolean {
  if (from === '' && to === '') return true;
  if (iso === null) return false;
  const day = localDay(iso, timeZone);
  return (from === '' || day >= from) && (to === '' || day <= to);
}

/** Whether the code matches the search: its code, or the team that used it (name or e-mail). */
function matchesSearch(code: AccessCode, search: string): boolean {
  const needle = search.trim().toLowerCase();
  if (needle === '') return true;
  return [code.code, code.used_by_team, code.used_by_email].some(
    (text) => text?.toLowerCase().includes(needle) ?? false,
  );
}

/**
 * The route's codes split into available and used, each filtered (days on the tenant's clock). The used-date bounds leave
 * the available list alone (those codes have no use date); a route holds at most a few thousand
 * codes, so the page filters what it has already loaded.
 */
export function splitCodes(codes: readonly AccessCode[], filters: CodeFilters, timeZone: string) {
  const created = { from: filters.createdFrom, to: filters.createdTo, timeZone };
  const usedDays = { from: filters.usedFrom, to: filters.usedTo, timeZone };
  const shown = codes.filter(
    (code) => matchesSearch(code, filters.search) && inDays(code.created_at, created),
  );
  return {
    available: shown.filter((code) => !code.is_used),
    used: shown.filter((code) => code.is_used && inDays(code.used_at, usedDays)),
  };
}
