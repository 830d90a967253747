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
  /** A row with a code gives its discount only to a team that enters the code (decision 0044). */
  discount_code?: string | null;
  discount_type?: DiscountType;
  discount_percentage?: number | string | null;
}

/** The price period that applies now and the amount to show, in cents. */
export interface SelectedPrice {
  row: PriceRow;
  priceCents: number;
  /**
   * What the row's discount code would make it, when the row has a code that lowers the price;
   * else null. Players see this amount beside the price, never the code (decision 0058).
   */
  codePriceCents: number | null;
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

/**
 * Normalises HH:MM or HH:MM:SS to HH:MM:SS. An end on a whole minute covers that minute: the
 * form sets minutes, and the database gives them back as HH:MM:00 ('23:59' must reach midnight).
 */
function clockTime(value: string, fallback: string, end: boolean): string | null {
  const text = value.trim() === '' ? fallback : value.trim();
  const match = /^(\d{1,2}):(\d{2})(?::(\d{2}))?$/.exec(text);
  if (!match) return null;
  const onTheMinute = match[3] === undefined || match[3] === '00';
  const seconds = onTheMinute ? (end ? '59' : '00') : (match[3] ?? '00');
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

const isBlank = (value: number | string | null | undefined): value is null | undefined | '' =>
  value === null || value === undefined || (typeof value === 'string' && value.trim() === '');

/** Euro as cents, or null when the amount is unreadable. */
function centsOrNull(value: number | string): number | null {
  try {
    return euroToCents(value);
  } catch {
    return null;
  }
}

/** Whether the row's discount needs a code (decision 0044): then its list price is cost_euro. */
export function hasDiscountCode(row: PriceRow): boolean {
  return !isBlank(row.discount_code);
}

/**
 * The amount a row shows, in cents, null if unreadable: a row without a discount code shows
 * discount_price when present, else cost_euro (the spec's rule); a row with a code shows cost_euro,
 * since its discount is only for the teams that enter the code.
 */
export function rowPriceCents(row: PriceRow): number | null {
  const discount = row.discount_price;
  if (hasDiscountCode(row) || isBlank(discount)) return centsOrNull(row.cost_euro);
  return centsOrNull(discount);
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
    if (priceCents !== null) return { row, priceCents, codePriceCents: codePrice(row, priceCents) };
  }
  return null;
}

/** The total with the row's own code, when it has one and it takes something off; else null. */
function codePrice(row: PriceRow, listPriceCents: number): number | null {
  if (!hasDiscountCode(row)) return null;
  const cents = discountedCents(row, listPriceCents);
  return cents < listPriceCents ? cents : null;
}

/** A discount a code gave: what the team sees beside the total. */
export interface AppliedDiscount {
  code: string;
  type: DiscountType;
  /** The row's percentage for a `percentage` discount, else null. */
  percentage: number | null;
  amountOffCents: number;
}

/** The price a team pays now, with or without a discount code (decision 0044). */
export type PriceQuote =
  | {
      kind: 'priced';
      row: PriceRow;
      listPriceCents: number;
      totalCents: number;
      /** The total with the row's code, whether entered or not (see `SelectedPrice`). */
      codePriceCents: number | null;
      discount: AppliedDiscount | null;
    }
  /** No price list applies now. */
  | { kind: 'no_price' }
  /** A code was entered and it is not the code of the row the rule selects now. */
  | { kind: 'code_invalid' };

/** `value`'s hundredths as an integer (a percentage such as 12.5 → 1250), or null. */
function hundredths(value: number | string | null | undefined): number | null {
  return isBlank(value) ? null : centsOrNull(value);
}

/** The total after the row's discount, in cents (list price when the discount is unreadable). */
function discountedCents(row: PriceRow, listPriceCents: number): number {
  switch (row.discount_type ?? 'percentage') {
    case 'percentage': {
      const pct = Math.min(Math.max(hundredths(row.discount_percentage) ?? 0, 0), 10_000);
      // cost × (100 − pct) / 100, rounded half up to the cent, in integers (pct in hundredths).
      return Math.round((listPriceCents * (10_000 - pct)) / 10_000);
    }
    case 'fixed':
      return hundredths(row.discount_price) ?? listPriceCents;
  }
}

/**
 * What a team pays now for a route (decision 0044): the rule selects the row (`selectPrice`);
 * without a code the total is the row's list price; with a code (trimmed, case-insensitive) that
 * equals the selected row's `discount_code`, the row's discount applies: `percentage` takes that
 * share off cost_euro, rounded to the cent, `fixed` charges discount_price. Any other code is
 * `code_invalid`, also when the row has no code.
 */
export function quotePrice(
  rows: readonly PriceRow[],
  opts: { now: Date; timeZone?: string; discountCode?: string | null },
): PriceQuote {
  const selected = selectPrice(rows, opts);
  if (selected === null) return { kind: 'no_price' };
  const { row, priceCents: listPriceCents, codePriceCents } = selected;
  const entered = opts.discountCode?.trim() ?? '';
  if (entered === '') {
    const totalCents = listPriceCents;
    return { kind: 'priced', row, listPriceCents, totalCents, codePriceCents, discount: null };
  }
  const rowCode = row.discount_code?.trim() ?? '';
  if (rowCode === '' || rowCode.toLowerCase() !== entered.toLowerCase()) {
    return { kind: 'code_invalid' };
  }
  const type = row.discount_type ?? 'percentage';
  const totalCents = discountedCents(row, listPriceCents);
  const pct = hundredths(row.discount_percentage);
  return {
    kind: 'priced',
    row,
    listPriceCents,
    totalCents,
    codePriceCents,
    discount: {
      code: rowCode,
      type,
      percentage: type === 'percentage' ? (pct ?? 0) / 100 : null,
      amountOffCents: listPriceCents - totalCents,
    },
  };
}
