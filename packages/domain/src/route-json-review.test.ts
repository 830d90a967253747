import { describe, expect, it } from 'vitest';
import fixture from './fixtures/route-roma-centro.json';
import { parseRouteJson } from './route-json';
import { parsed, exported } from './route-json.testing';

/** The index of the fixture's first step of `checkType`. */
const firstOf = (checkType: string) => fixture.steps.findIndex((s) => s.check_type === checkType);

/** The fixture with the step at `index` given `review` (any value, to test the import's reading). */
const withReview = (index: number, review: unknown) => ({
  ...fixture,
  steps: fixture.steps.map((step, i) => (i === index ? { ...step, review } : step)),
});

describe('a step’s review mode in the route JSON (decision 0083)', () => {
  it('an older file without review imports as the spec’s rule and exports without the field', () => {
    const route = parsed(fixture);
    expect(route.steps.every((step) => step.review === 'auto')).toBe(true);
    expect(exported(fixture).steps.some((step) => 'review' in step)).toBe(false);
  });

  it.each(['photo', 'text'])(
    'staff review of a %s step is imported, exported and imported back',
    (type) => {
      const index = firstOf(type);
      const json = exported(withReview(index, 'staff'));
      expect(json.steps[index]?.review).toBe('staff');
      expect(json.steps.filter((step) => 'review' in step)).toHaveLength(1);
      expect(parsed(json).steps[index]?.review).toBe('staff');
    },
  );

  it.each([
    ['auto', 'auto', 'auto'],
    ['in capitals with spaces', ' Staff ', 'staff'],
    ['null', null, 'auto'],
  ])('a review %s is read as %j', (_name, review, expected) => {
    const index = firstOf('photo');
    expect(parsed(withReview(index, review)).steps[index]?.review).toBe(expected);
  });

  it('exports auto as nothing: a file that says auto exports as one that does not', () => {
    expect(exported(withReview(firstOf('photo'), 'auto'))).toEqual(exported(fixture));
  });

  it.each([
    ['an unknown mode', firstOf('photo'), 'judges'],
    ['a number', firstOf('photo'), 1],
    ['staff review of a QR step', firstOf('qr'), 'staff'],
    ['staff review of a choice step', firstOf('choice'), 'staff'],
  ])('refuses %s, naming the step', (_name, index, review) => {
    const result = parseRouteJson(withReview(index, review));
    expect(result).toMatchObject({
      ok: false,
      error: { issue: 'review_invalid', step: fixture.steps[index]?.ord },
    });
  });
});
