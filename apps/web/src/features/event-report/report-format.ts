import type { AnalyticsQuery } from '@tappa/contracts';
import { formatElapsed, formatInstant, TEAM_NAME_MAX_LENGTH } from '@tappa/domain';
import type { Language } from '../../lib/locales/bilingual';
import type { TFunction } from '../../lib/i18n';

// What the report and the certificates write: the range, times, shares, places and names.

/** The report's query from the page's address (`?route=&from=&to=`); null without a route. */
export function reportQueryOf(params: URLSearchParams): AnalyticsQuery | null {
  const route = params.get('route');
  if (!route) return null;
  const from = params.get('from');
  const to = params.get('to');
  return { route, ...(from ? { from } : {}), ...(to ? { to } : {}) };
}

/** The address's query of `query` (`?route=…`), for the links between report and certificates. */
export function reportSearch(query: AnalyticsQuery): string {
  const params = new URLSearchParams({ route: query.route });
  if (query.from) params.set('from', query.from);
  if (query.to) params.set('to', query.to);
  return `?${params.toString()}`;
}

/** A duration as the scoreboards write it (m:ss, h:mm:ss); '–' for none. */
export const durationText = (ms: number | null): string => (ms === null ? '–' : formatElapsed(ms));

/** A share (0–1) as a whole percentage; '–' for none. */
export const percentText = (share: number | null): string =>
  share === null ? '–' : `${Math.round(share * 100)}%`;

/** A mean with one decimal; '–' for none. */
export const meanText = (value: number | null): string => (value === null ? '–' : value.toFixed(1));

const ordinals = new Map<Language, Intl.PluralRules>();

/** '1º posto' / '1st place': the place with its language's ordinal. */
export function placeText(t: TFunction, language: Language, n: number): string {
  let rules = ordinals.get(language);
  if (!rules) ordinals.set(language, (rules = new Intl.PluralRules(language, { type: 'ordinal' })));
  const form = rules.select(n);
  const key = form === 'one' || form === 'two' || form === 'few' ? form : 'other';
  return t(`eventReport.place.${key}`, { n });
}

/**
 * A team's name as a certificate prints it: at most the team-name limit (the registration's),
 * cut with '…' — a name stored before the limit, or by an import, may be longer.
 */
export function cutName(name: string): string {
  const chars = Array.from(name);
  return chars.length <= TEAM_NAME_MAX_LENGTH
    ? name
    : `${chars.slice(0, TEAM_NAME_MAX_LENGTH - 1).join('')}…`;
}

/** Which games the range holds, in the tenant's zone. */
export function rangeText(
  t: TFunction,
  range: { from: string | null; to: string | null },
  timeZone: string,
): string {
  const at = (iso: string) => formatInstant(new Date(iso), timeZone, 'dateTime');
  if (range.from && range.to) {
    return t('eventReport.range.between', { from: at(range.from), to: at(range.to) });
  }
  if (range.from) return t('eventReport.range.from', { from: at(range.from) });
  if (range.to) return t('eventReport.range.to', { to: at(range.to) });
  return t('eventReport.range.all');
}
