import { describe, expect, it } from 'vitest';
import type { PriceRow } from './pricing';
import {
  DISCOUNT_TYPES,
  PRICING_DEFAULT_TIME_FROM,
  PRICING_DEFAULT_TIME_TO,
  localDateTime,
  quotePrice,
  rowPriceCents,
  selectPrice,
} from './pricing';

const row = (over: Partial<PriceRow> & Pick<PriceRow, 'id'>): PriceRow => ({
  date_from: '2026-03-01',
  time_from: '00:00',
  date_to: '2026-03-31',
  time_to: '23:59',
  cost_euro: '10.00',
  is_priority: null,
  discount_price: null,
  ...over,
});

const at = (iso: string) => ({ now: new Date(iso) });

describe('constants', () => {
  it('keeps the defaults', () => {
    expect(PRICING_DEFAULT_TIME_FROM).toBe('00:00');
    expect(PRICING_DEFAULT_TIME_TO).toBe('23:59');
    expect(DISCOUNT_TYPES).toEqual(['percentage', 'fixed']);
  });
});

describe('localDateTime', () => {
  it.each([
    ['2026-03-01T23:30:00Z', 'Europe/Rome', '2026-03-02', '00:30:00'], // CET, UTC+1
    ['2026-07-01T22:00:00Z', 'Europe/Rome', '2026-07-02', '00:00:00'], // CEST, UTC+2
    ['2026-03-29T00:59:59Z', 'Europe/Rome', '2026-03-29', '01:59:59'], // last second of CET
    ['2026-03-29T01:00:00Z', 'Europe/Rome', '2026-03-29', '03:00:00'], // first second of CEST
    ['2026-03-01T23:30:00Z', 'UTC', '2026-03-01', '23:30:00'],
  ])('%s in %s is %s %s', (iso, timeZone, date, time) => {
    expect(localDateTime(new Date(iso), timeZone)).toEqual({ date, time });
  });
});

describe('rowPriceCents', () => {
  it.each([
    [{ cost_euro: '10.00', discount_price: null }, 1000],
    [{ cost_euro: 10, discount_price: '7.50' }, 750],
    [{ cost_euro: 10, discount_price: 0 }, 0],
    [{ cost_euro: 10, discount_price: '' }, 1000],
    [{ cost_euro: '12.345', discount_price: '  ' }, 1235],
    [{ cost_euro: 'n/a', discount_price: null }, null],
  ] satisfies [Partial<PriceRow>, number | null][])('%j → %j', (over, expected) => {
    expect(rowPriceCents(row({ id: 'r', ...over }))).toBe(expected);
  });
});

describe('selectPrice', () => {
  it('returns null without rows', () => {
    expect(selectPrice([], at('2026-03-10T10:00:00Z'))).toBeNull();
  });

  const march = row({ id: 'march', cost_euro: 10 });
  it.each([
    ['first day at midnight', '2026-02-28T23:00:00Z', 'march'],
    ['day before', '2026-02-28T22:59:59Z', null],
    ['last day, last second', '2026-03-31T21:59:59Z', 'march'], // 23:59:59 CEST
    ['day after', '2026-03-31T22:00:00Z', null],
  ])('date bounds are inclusive: %s', (_name, iso, expected) => {
    expect(selectPrice([march], at(iso))?.row.id ?? null).toBe(expected);
  });

  const evening = row({ id: 'evening', time_from: '18:30', time_to: '20:00' });
  it.each([
    ['just before start', '2026-03-10T17:29:59Z', null],
    ['at start', '2026-03-10T17:30:00Z', 'evening'],
    ['inside the last minute', '2026-03-10T19:00:59Z', 'evening'],
    ['after the last minute', '2026-03-10T19:01:00Z', null],
  ])('time bounds are inclusive (18:30–20:00 Rome): %s', (_name, iso, expected) => {
    expect(selectPrice([evening], at(iso))?.row.id ?? null).toBe(expected);
  });

  it('honours seconds in HH:MM:SS bounds', () => {
    const precise = row({ id: 'p', time_from: '10:00:30', time_to: '10:00:40' });
    expect(selectPrice([precise], at('2026-03-10T09:00:29Z'))).toBeNull();
    expect(selectPrice([precise], at('2026-03-10T09:00:30Z'))?.row.id).toBe('p');
    expect(selectPrice([precise], at('2026-03-10T09:00:40Z'))?.row.id).toBe('p');
    expect(selectPrice([precise], at('2026-03-10T09:00:41Z'))).toBeNull();
  });

  it('reads an end stored on the whole minute (HH:MM:00) as the form set it, to its last second', () => {
    // The database gives '23:59' back as '23:59:00': the row still applies at 23:59:30 (Rome).
    const allDay = row({ id: 'all-day', time_from: '00:00:00', time_to: '23:59:00' });
    expect(selectPrice([allDay], at('2026-03-10T22:59:30Z'))?.row.id).toBe('all-day');
    expect(selectPrice([allDay], at('2026-03-10T23:00:00Z'))?.row.id).toBe('all-day');
  });

  it('falls back to the default window for blank times', () => {
    const blank = row({ id: 'blank', time_from: '', time_to: ' ' });
    expect(selectPrice([blank], at('2026-03-10T22:59:59Z'))?.row.id).toBe('blank');
  });

  it('uses the local date of the time zone (the 23:30 UTC edge)', () => {
    const rows = [
      row({ id: 'march-1', date_from: '2026-03-01', date_to: '2026-03-01', cost_euro: 5 }),
      row({ id: 'march-2', date_from: '2026-03-02', date_to: '2026-03-02', cost_euro: 7 }),
    ];
    expect(selectPrice(rows, at('2026-03-01T23:30:00Z'))).toEqual({
      row: rows[1],
      priceCents: 700,
      codePriceCents: null,
    });
    expect(selectPrice(rows, { ...at('2026-03-01T23:30:00Z'), timeZone: 'UTC' })).toEqual({
      row: rows[0],
      priceCents: 500,
      codePriceCents: null,
    });
  });

  it.each([
    ['true before null', [null, true], 'b'],
    ['1 before 0', [0, 1], 'b'],
    ['true before false', [false, true], 'b'],
    ['higher number first', [1, 2], 'b'],
    ['ties keep input order (null/false)', [null, false], 'a'],
    ['ties keep input order (true/1)', [true, 1], 'a'],
  ] satisfies [string, PriceRow['is_priority'][], string][])(
    'priority: %s',
    (_name, [first, second], expected) => {
      const rows = [
        row({ id: 'a', is_priority: first ?? null }),
        row({ id: 'b', is_priority: second ?? null }),
      ];
      expect(selectPrice(rows, at('2026-03-10T10:00:00Z'))?.row.id).toBe(expected);
    },
  );

  it('ignores rows that do not apply, whatever their priority', () => {
    const rows = [
      row({ id: 'old', is_priority: true, date_from: '2026-01-01', date_to: '2026-01-31' }),
      row({ id: 'now', cost_euro: '9.90', discount_price: '8.455' }),
    ];
    expect(selectPrice(rows, at('2026-03-10T10:00:00Z'))).toEqual({
      row: rows[1],
      priceCents: 846,
      codePriceCents: null,
    });
  });

  it('skips malformed rows', () => {
    const rows = [
      row({ id: 'bad-date', is_priority: true, date_from: '1/3/2026' }),
      row({ id: 'bad-time', is_priority: true, time_to: 'late' }),
      row({ id: 'bad-price', is_priority: true, cost_euro: 'free' }),
      row({ id: 'good' }),
    ];
    expect(selectPrice(rows, at('2026-03-10T10:00:00Z'))?.row.id).toBe('good');
  });
});

describe('rowPriceCents of a row with a discount code', () => {
  it.each([
    ['percentage, code set', { discount_code: 'ESTATE', discount_percentage: '10' }, 1000],
    [
      'fixed, code set',
      { discount_code: 'ESTATE', discount_type: 'fixed', discount_price: '7.50' },
      1000,
    ],
    ['blank code: the spec rule', { discount_code: '  ', discount_price: '7.50' }, 750],
    ['no code: the spec rule', { discount_code: null, discount_price: '7.50' }, 750],
  ] as const)('%s → %i cents (the list price without the code)', (_name, over, expected) => {
    expect(rowPriceCents(row({ id: 'r', ...over }))).toBe(expected);
    expect(selectPrice([row({ id: 'r', ...over })], at('2026-03-10T10:00:00Z'))?.priceCents).toBe(
      expected,
    );
  });
});

describe('quotePrice', () => {
  const now = at('2026-03-10T10:00:00Z');
  const coded = (over: Partial<PriceRow> = {}) =>
    row({
      id: 'c',
      cost_euro: '12.99',
      discount_code: 'Estate',
      discount_percentage: '15',
      ...over,
    });

  it('without a code: the list price, no discount (a coded row keeps cost_euro)', () => {
    for (const discountCode of [undefined, null, '', '   ']) {
      expect(quotePrice([coded()], { ...now, discountCode })).toMatchObject({
        kind: 'priced',
        listPriceCents: 1299,
        totalCents: 1299,
        codePriceCents: 1104,
        discount: null,
      });
    }
    expect(quotePrice([row({ id: 'plain', discount_price: '8.00' })], now)).toMatchObject({
      kind: 'priced',
      listPriceCents: 800,
      totalCents: 800,
      codePriceCents: null,
      discount: null,
    });
  });

  it.each([
    ['a percentage', {}, 1104],
    ['a fixed price', { discount_type: 'fixed', discount_price: '9.50' }, 950],
    ['nothing off (0 %)', { discount_percentage: '0' }, null],
    ['no percentage', { discount_percentage: null }, null],
    ['a fixed price above the cost', { discount_type: 'fixed', discount_price: '15' }, null],
  ] as const)('the code price beside the list price: %s', (_name, over, codePriceCents) => {
    expect(selectPrice([coded(over)], now)).toMatchObject({ priceCents: 1299, codePriceCents });
  });

  it.each([
    // 12.99 × 0.85 = 11.0415 → 11.04
    ['15 %', { discount_percentage: '15' }, 1104, 15],
    // 12.99 × 0.875 = 11.36625 → 11.37 (half up)
    ['12.5 %', { discount_percentage: '12.50' }, 1137, 12.5],
    ['100 %', { discount_percentage: 100 }, 0, 100],
    ['no percentage: nothing off', { discount_percentage: null }, 1299, 0],
  ] as const)('a right percentage code (%s)', (_name, over, totalCents, percentage) => {
    expect(quotePrice([coded(over)], { ...now, discountCode: '  eSTATE ' })).toEqual({
      kind: 'priced',
      row: coded(over),
      listPriceCents: 1299,
      totalCents,
      codePriceCents: totalCents < 1299 ? totalCents : null,
      discount: {
        code: 'Estate',
        type: 'percentage',
        percentage,
        amountOffCents: 1299 - totalCents,
      },
    });
  });

  it('a right fixed code charges discount_price', () => {
    const fixed = coded({ discount_type: 'fixed', discount_price: '9.50' });
    expect(quotePrice([fixed], { ...now, discountCode: 'estate' })).toMatchObject({
      kind: 'priced',
      listPriceCents: 1299,
      totalCents: 950,
      discount: { code: 'Estate', type: 'fixed', percentage: null, amountOffCents: 349 },
    });
  });

  it.each([
    ['a wrong code', [coded()], 'INVERNO'],
    ['a code on a row without one', [row({ id: 'plain' })], 'ESTATE'],
    [
      'the code of a row the rule does not select now',
      [coded({ id: 'old', date_from: '2026-01-01', date_to: '2026-01-31' }), row({ id: 'now' })],
      'ESTATE',
    ],
  ] as const)('%s is code_invalid', (_name, rows, discountCode) => {
    expect(quotePrice(rows, { ...now, discountCode })).toEqual({ kind: 'code_invalid' });
  });

  it('no price list now is no_price, code or not', () => {
    expect(quotePrice([], now)).toEqual({ kind: 'no_price' });
    expect(quotePrice([], { ...now, discountCode: 'X' })).toEqual({ kind: 'no_price' });
  });
});
