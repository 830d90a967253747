import { PRICE_PRIORITY_MAX, type PricingCreate, type PricingRow } from '@tappa/contracts';
import {
  euroToCents,
  formatEuroCents,
  PRICING_DEFAULT_TIME_FROM,
  PRICING_DEFAULT_TIME_TO,
} from '@tappa/domain';
import type { DiscountType } from '@tappa/domain';

/** The 'Gestione Listini' form as typed. */
export interface PricingFormValues {
  date_from: string;
  time_from: string;
  date_to: string;
  time_to: string;
  cost_euro: string;
  /** Which row wins where several apply at once: the highest (decision 0058). */
  is_priority: string;
  discount_code: string;
  discount_type: DiscountType;
  discount_percentage: string;
  discount_price: string;
}

/** Doc 2 §9 defaults: time from 00:00, to 23:59, discount type percentage. */
export const EMPTY_PRICING_FORM: PricingFormValues = {
  date_from: '',
  time_from: PRICING_DEFAULT_TIME_FROM,
  date_to: '',
  time_to: PRICING_DEFAULT_TIME_TO,
  cost_euro: '',
  is_priority: '0',
  discount_code: '',
  discount_type: 'percentage',
  discount_percentage: '',
  discount_price: '',
};

/** A field's problem, as a key under `routesAdmin.pricing`. */
export type PricingFieldError =
  'required' | 'invalidNumber' | 'percentageRange' | 'invalidPriority';

/** Problems of the form by field. */
export type PricingFormErrors = Partial<Record<keyof PricingFormValues, PricingFieldError>>;

const REQUIRED = [
  'date_from',
  'time_from',
  'date_to',
  'time_to',
  'cost_euro',
  'is_priority',
] as const;
const DECIMAL = /^\d+(?:[.,]\d+)?$/;

/** A non-negative decimal typed with a dot or a comma; null when blank, NaN when not a number. */
function parseDecimal(text: string): number | null {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  return DECIMAL.test(trimmed) ? Number(trimmed.replace(',', '.')) : Number.NaN;
}

/** Euro text as a number with two decimals (rounded half away from zero), null when blank. */
function parseEuro(text: string): number | null {
  const value = parseDecimal(text);
  return value === null || Number.isNaN(value) ? value : euroToCents(text.trim()) / 100;
}

/** The priority typed as a whole number from 0 to the column's limit, else null. */
function parsePriority(text: string): number | null {
  const trimmed = text.trim();
  if (!/^\d+$/.test(trimmed)) return null;
  const value = Number(trimmed);
  return value <= PRICE_PRIORITY_MAX ? value : null;
}

/**
 * Doc 2 §5: dates, times and cost required; the discount decimals optional but numeric; the
 * priority a whole number from 0 (0 unless changed).
 */
export function validatePricingForm(values: PricingFormValues): PricingFormErrors {
  const errors: PricingFormErrors = {};
  for (const field of REQUIRED) if (values[field].trim() === '') errors[field] = 'required';
  if (!errors.is_priority && parsePriority(values.is_priority) === null) {
    errors.is_priority = 'invalidPriority';
  }
  if (!errors.cost_euro && Number.isNaN(parseDecimal(values.cost_euro))) {
    errors.cost_euro = 'invalidNumber';
  }
  const percentage = parseDecimal(values.discount_percentage);
  if (percentage !== null && Number.isNaN(percentage)) errors.discount_percentage = 'invalidNumber';
  else if (percentage !== null && percentage > 100) errors.discount_percentage = 'percentageRange';
  if (Number.isNaN(parseDecimal(values.discount_price))) errors.discount_price = 'invalidNumber';
  return errors;
}

/** The body of `POST …/pricing`: blank code and decimals null. Call after `validatePricingForm`. */
export function toPricingCreate(values: PricingFormValues): PricingCreate {
  const code = values.discount_code.trim();
  return {
    date_from: values.date_from,
    time_from: values.time_from,
    date_to: values.date_to,
    time_to: values.time_to,
    cost_euro: parseEuro(values.cost_euro) ?? 0,
    is_priority: parsePriority(values.is_priority) ?? 0,
    discount_code: code === '' ? null : code,
    discount_type: values.discount_type,
    discount_percentage: parseDecimal(values.discount_percentage),
    discount_price: parseEuro(values.discount_price),
  };
}

/** `YYYY-MM-DD` the Italian way (dd/mm/yyyy), read as a calendar date (no time-zone shift). */
export function formatItalianDate(date: string): string {
  const [year, month, day] = date.slice(0, 10).split('-');
  return year && month && day ? `${day}/${month}/${year}` : date;
}

/** `HH:MM` of a stored `HH:MM` or `HH:MM:SS` time. */
export function formatTime(time: string): string {
  return time.slice(0, 5);
}

/** A decimal euro amount as '€ 12,50' (two decimals, decimal comma). */
export function formatEuro(amount: string | number): string {
  return formatEuroCents(euroToCents(amount));
}

/** The discount column: code, '10%' and/or the discounted price; '—' without any discount. */
export function describeDiscount(row: PricingRow): string {
  const parts: string[] = [];
  if (row.discount_code) parts.push(row.discount_code);
  if (row.discount_percentage !== null) {
    parts.push(`${Number(row.discount_percentage).toLocaleString('it-IT')}%`);
  }
  if (row.discount_price !== null) parts.push(formatEuro(row.discount_price));
  return parts.length > 0 ? parts.join(' · ') : '—';
}
