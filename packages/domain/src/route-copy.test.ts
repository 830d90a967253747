import { describe, expect, it } from 'vitest';
import { copySlug, copyTitle } from './route-copy';
import { ROUTE_TITLE_MAX_LENGTH, SLUG_MAX_LENGTH } from './text-limits';

describe('copySlug', () => {
  it.each([
    ['roma', [], 'roma-copia'],
    ['roma', ['roma-copia'], 'roma-copia-2'],
    ['roma', ['roma-copia', 'roma-copia-2'], 'roma-copia-3'],
    // A gap is taken: the first free one, not the one after the largest.
    ['roma', ['roma-copia', 'roma-copia-3'], 'roma-copia-2'],
    ['roma-copia', ['roma-copia'], 'roma-copia-copia'],
    ['roma', ['other-copia'], 'roma-copia'],
  ])('%j with %j taken → %j', (slug, taken, expected) => {
    expect(copySlug(slug, new Set(taken))).toBe(expected);
  });

  it('shortens a long slug to stay within the limit', () => {
    const long = 'a'.repeat(SLUG_MAX_LENGTH);
    expect(copySlug(long, new Set())).toBe(`${'a'.repeat(SLUG_MAX_LENGTH - 6)}-copia`);
    const first = copySlug(long, new Set());
    expect(copySlug(long, new Set([first]))).toBe(`${'a'.repeat(SLUG_MAX_LENGTH - 8)}-copia-2`);
  });

  it('leaves no hyphen of the source before the suffix where it is cut', () => {
    const long = `${'a'.repeat(SLUG_MAX_LENGTH - 7)}-bbbbbb`;
    expect(copySlug(long, new Set())).toBe(`${'a'.repeat(SLUG_MAX_LENGTH - 7)}-copia`);
  });

  it('finds a free slug past many taken ones', () => {
    const taken = new Set(['x-copia', ...Array.from({ length: 98 }, (_, i) => `x-copia-${i + 2}`)]);
    expect(copySlug('x', taken)).toBe('x-copia-100');
  });
});

describe('copyTitle', () => {
  it.each([
    ['Roma Centro', 'Roma Centro (copia)'],
    ['Roma Centro (copia)', 'Roma Centro (copia) (copia)'],
  ])('%j → %j', (title, expected) => {
    expect(copyTitle(title)).toBe(expected);
  });

  it('shortens a long title to stay within the limit', () => {
    const copy = copyTitle('t'.repeat(ROUTE_TITLE_MAX_LENGTH));
    expect(copy).toHaveLength(ROUTE_TITLE_MAX_LENGTH);
    expect(copy.endsWith('t (copia)')).toBe(true);
  });

  it('never cuts through a character outside the basic plane', () => {
    const title = `${'t'.repeat(ROUTE_TITLE_MAX_LENGTH - 9)}🗺️`;
    expect(copyTitle(title)).toBe(`${'t'.repeat(ROUTE_TITLE_MAX_LENGTH - 9)} (copia)`);
  });
});
