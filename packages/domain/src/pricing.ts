import { euroToCents } from './money';

/** A price period as stored: dates are YYYY-MM-DD, times HH:MM or HH:MM:SS, amounts in euro. */
export interface PriceRow {
  id: string;
  date_from: string;
  time_from: string;
  date_to: string;
  time_to: string;
  cost_euro: number | string;
  is_priority: boolean | number | null;
  discount_price: number | string | null;
}

/** The price period that applies now and the amount to show, in cents. */
export interface SelectedPrice {
  row: PriceRow;
  priceCents: number;
}

/** Start of the daily window when a period does not set one. */
export const PRICING_DEFAULT_TIME_FROM = '00:00';

/** End of the daily window when a period does not set one. */
export const PRICING_DEFAULT_TIME_TO = '23:59';

/** The kinds of discount a price may carry. */
export const DISCOUNT_TYPES = ['percentage', 'fixed'] as const;

/** One of the kinds of discount a price may carry. */
export type DiscountType = (typeof DISCOUNT_TYPES)[number];

/** The wall-clock date (YYYY-MM-DD) and time (HH:MM:SS) of an instant in a time zone. */
export function localDateTime(now: Date, timeZone: string): { date: string; time: string } {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(now);
  const get = (type: Intl.DateTimeFormatPartTypes): string =>
    parts.find((part) => part.type === type)?.value ?? '00';
  // Some ICU versions still print midnight as "24" despite h23.
  const hour = get('hour') === '24' ? '00' : get('hour');
  return {
    date: `${get('year')}-${get('month')}-${get('day')}`,
    time: `${hour}:${get('minute')}:${get('second')}`,
  };
}

const DATE_RE = /^\d{4}-\d{2}-\d{2}$/;

/** Normalises HH:MM or HH:MM:SS to HH:MM:SS; a bare HH:MM end covers its whole minute. */
function clockTime(value: string, fallback: string, end: boolean): string | null {
  const text = value.trim() === '' ? fallback : value.trim();
  const match = /^(\d{1,2}):(\d{2})(?::(\d{2}))?$/.exec(text);
  if (!match) return null;
  const seconds = match[3] ?? (end ? '59' : '00');
  return `${(match[1] ?? '').padStart(2, '0')}:${match[2] ?? '00'}:${seconds}`;
}

function appliesAt(row: PriceRow, date: string, time: string): boolean {
  if (!DATE_RE.test(row.date_from) || !DATE_RE.test(row.date_to)) return false;
  const from = clockTime(row.time_from, PRICING_DEFAULT_TIME_FROM, false);
  const to = clockTime(row.time_to, PRICING_DEFAULT_TIME_TO, true);
  if (from === null || to === null) return false;
  // Fixed-width strings compare like the values they encode; both bounds are inclusive.
  return row.date_from <= date && date <= row.date_to && from <= time && time <= to;
}

function priorityRank(value: PriceRow['is_priority']): number {
  if (typeof value === 'boolean') return value ? 1 : 0;
  return typeof value === 'number' && Number.isFinite(value) ? value : 0;
}

/** The amount a row shows, in cents: discount_price when present, else cost_euro; null if unreadable. */
export function rowPriceCents(row: PriceRow): number | null {
  const discount = row.discount_price;
  const hasDiscount =
    discount !== null && !(typeof discount === 'string' && discount.trim() === '');
  try {
    return euroToCents(hasDiscount ? discount : row.cost_euro);
  } catch {
    return null;
  }
}

/** Picks the price period that applies at `now` in the tenant's time zone, highest priority first. */
export function selectPrice(
  rows: readonly PriceRow[],
  { now, timeZone = 'Europe/Rome' }: { now: Date; timeZone?: string },
): SelectedPrice | null {
  const { date, time } = localDateTime(now, timeZone);
  const candidates = rows
    .filter((row) => appliesAt(row, date, time))
    // Array#sort is stable, so rows with equal priority keep their input order.
    .sort((a, b) => priorityRank(b.is_priority) - priorityRank(a.is_priority));
  for (const row of candidates) {
    const priceCents = rowPriceCents(row);
    if (priceCents !== null) return { row, priceCents };
  }
  return null;
}
