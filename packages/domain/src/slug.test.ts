import { describe, expect, it } from 'vitest';
import { RESERVED_SLUGS, isReservedSlug, normalizeSlug } from './slug';

describe('normalizeSlug', () => {
  it.each([
    ['Città di Roma!', 'citta-di-roma'],
    ['  --Foo   Bar-- ', 'foo-bar'],
    ['Caffè_Sport', 'caffe_sport'],
    ['roma-centro-storico', 'roma-centro-storico'],
    ['Roma -- Centro', 'roma-centro'],
    ['Perché? Però!', 'perche-pero'],
    ['ÀÉÎÕÜ ñ ç', 'aeiou-n-c'],
    ['Tour 2026 #1', 'tour-2026-1'],
    ['a\tb\nc', 'a-b-c'],
    ['!!!', ''],
    ['', ''],
    ['---', ''],
  ])('%j → %j', (input, expected) => {
    expect(normalizeSlug(input)).toBe(expected);
  });

  it('is idempotent', () => {
    expect(normalizeSlug(normalizeSlug('  Città  di   Roma! '))).toBe('citta-di-roma');
  });
});

describe('reserved slugs', () => {
  it('lists exactly the platform paths', () => {
    expect(RESERVED_SLUGS).toEqual([
      'login',
      'home',
      'superadmin',
      'reset-password',
      'api',
      'files',
      'assets',
      'static',
      'health',
      'docs',
      'metrics',
    ]);
  });

  it.each([
    ['login', true],
    ['reset-password', true],
    ['docs', true],
    ['metrics', true],
    ['Login', false],
    ['logins', false],
    ['reset', false],
    ['roma', false],
    ['', false],
  ])('isReservedSlug(%j) is %s', (slug, expected) => {
    expect(isReservedSlug(slug)).toBe(expected);
  });
});
