import type { AccessCode } from '@tappa/contracts';

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

const pad = (n: number) => String(n).padStart(2, '0');

/** The local calendar day (`YYYY-MM-DD`) of an ISO time, as the date inputs give it. */
export function localDay(iso: string): string {
  const date = new Date(iso);
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** Whether the day of `iso` lies in [from, to] (either bound may be ''); no time is outside any bound. */
function inDays(iso: string | null, from: string, to: string): boolean {
  if (from === '' && to === '') return true;
  if (iso === null) return false;
  const day = localDay(iso);
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
 * The route's codes split into available and used, each filtered. The used-date bounds leave
 * the available list alone (those codes have no use date); a route holds at most a few thousand
 * codes, so the page filters what it has already loaded.
 */
export function splitCodes(codes: readonly AccessCode[], filters: CodeFilters) {
  const shown = codes.filter(
    (code) =>
      matchesSearch(code, filters.search) &&
      inDays(code.created_at, filters.createdFrom, filters.createdTo),
  );
  return {
    available: shown.filter((code) => !code.is_used),
    used: shown.filter(
      (code) => code.is_used && inDays(code.used_at, filters.usedFrom, filters.usedTo),
    ),
  };
}
