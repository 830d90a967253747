import type { PricingRow } from '@tappa/contracts';
import { describe, expect, it } from 'vitest';
import {
  describeDiscount,
  EMPTY_PRICING_FORM,
  formatEuro,
  formatItalianDate,
  toPricingCreate,
  validatePricingForm,
} from './pricing-values';

const FILLED = {
  ...EMPTY_PRICING_FORM,
  date_from: '2025-06-01',
  date_to: '2025-06-30',
  cost_euro: '10',
};

describe('validatePricingForm', () => {
  it('requires dates, times and cost', () => {
    expect(validatePricingForm({ ...EMPTY_PRICING_FORM, time_from: '' })).toEqual({
      date_from: 'required',
      time_from: 'required',
      date_to: 'required',
      cost_euro: 'required',
    });
    expect(validatePricingForm(FILLED)).toEqual({});
  });

  it.each([
    [{ cost_euro: '1e3' }, { cost_euro: 'invalidNumber' }],
    [{ discount_percentage: '101' }, { discount_percentage: 'percentageRange' }],
    [{ discount_percentage: 'x' }, { discount_percentage: 'invalidNumber' }],
    [{ discount_price: '-1' }, { discount_price: 'invalidNumber' }],
    [{ discount_percentage: '12,5', discount_price: '9,99' }, {}],
    [{ is_priority: '' }, { is_priority: 'required' }],
    [{ is_priority: '-1' }, { is_priority: 'invalidPriority' }],
    [{ is_priority: '2,5' }, { is_priority: 'invalidPriority' }],
    [{ is_priority: '2147483648' }, { is_priority: 'invalidPriority' }],
    [{ is_priority: ' 7 ' }, {}],
  ])('%j → %j', (changes, expected) => {
    expect(validatePricingForm({ ...FILLED, ...changes })).toEqual(expected);
  });
});

describe('toPricingCreate', () => {
  it('rounds euro amounts to cents, reads commas and nulls blanks', () => {
    expect(
      toPricingCreate({
        ...FILLED,
        cost_euro: '12.345',
        discount_percentage: '12,5',
        discount_price: ' ',
      }),
    ).toMatchObject({ cost_euro: 12.35, discount_percentage: 12.5, discount_price: null });
    expect(toPricingCreate({ ...FILLED, is_priority: ' 7 ' })).toMatchObject({ is_priority: 7 });
  });
});

describe('formatting', () => {
  it('writes dates dd/mm/yyyy and euro amounts with a decimal comma', () => {
    expect(formatItalianDate('2025-03-09')).toBe('09/03/2025');
    expect(formatEuro('12.5')).toBe('€ 12,50');
    expect(formatEuro(1234)).toBe('€ 1.234,00');
  });

  it('describes the discount', () => {
    const row: PricingRow = {
      id: 'p',
      date_from: '2025-01-01',
      time_from: '00:00',
      date_to: '2025-01-02',
      time_to: '23:59',
      cost_euro: '10.00',
      is_priority: 0,
      discount_code: null,
      discount_type: 'percentage',
      discount_percentage: null,
      discount_price: null,
    };
    expect(describeDiscount(row)).toBe('—');
    expect(describeDiscount({ ...row, discount_code: 'A', discount_percentage: '12.50' })).toBe(
      'A · 12,5%',
    );
  });
});
