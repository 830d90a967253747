import { describe, expect, it } from 'vitest';
import fixture from './fixtures/route-roma-centro.json';
import { parseRouteJson } from './route-json';
import { exported, parsed } from './route-json.testing';
import { ALSO_ACCEPT_MAX } from './text-limits';

/** The index of the fixture's first step of `checkType`. */
const firstOf = (checkType: string) => fixture.steps.findIndex((s) => s.check_type === checkType);

/** The fixture with the step at `index` given `fields` (any values, to test the reading). */
const withFields = (index: number, fields: Record<string, unknown>) => ({
  ...fixture,
  steps: fixture.steps.map((step, i) => (i === index ? { ...step, ...fields } : step)),
});

describe('accepted answers and the tolerant switch in the route JSON (decision 0085)', () => {
  it('an older file imports with neither and exports without the fields', () => {
    const route = parsed(fixture);
    expect(route.steps.every((s) => s.also_accept.length === 0 && s.relaxed_match === null)).toBe(
      true,
    );
    const json = exported(fixture);
    expect(json.steps.some((s) => 'also_accept' in s || 'relaxed_match' in s)).toBe(false);
  });

  it.each(['text', 'code', 'qr'])(
    'a %s step keeps its other answers (trimmed, blanks left out) and the switch, both ways',
    (type) => {
      const index = firstOf(type);
      const doc = withFields(index, {
        also_accept: [' Tevere ', '', 'Tiber', 42],
        relaxed_match: true,
      });
      const step = parsed(doc).steps[index]!;
      expect(step.also_accept).toEqual(['Tevere', 'Tiber', '42']);
      expect(step.relaxed_match).toBe(true);
      const json = exported(doc);
      expect(json.steps[index]).toMatchObject({
        also_accept: ['Tevere', 'Tiber', '42'],
        relaxed_match: true,
      });
      expect(parsed(json)).toEqual(parsed(doc));
    },
  );

  it('keeps relaxed_match false (exact even on a text step) and an empty list as none', () => {
    const index = firstOf('text');
    const doc = withFields(index, { relaxed_match: false, also_accept: [] });
    expect(parsed(doc).steps[index]).toMatchObject({ relaxed_match: false, also_accept: [] });
    const step = exported(doc).steps[index]!;
    expect(step.relaxed_match).toBe(false);
    expect(step).not.toHaveProperty('also_accept');
  });

  it.each([
    ['a text', firstOf('code'), { also_accept: 'Tevere' }, 'also_accept_invalid'],
    ['a list with an object', firstOf('code'), { also_accept: [{}] }, 'also_accept_invalid'],
    [
      'too many answers',
      firstOf('code'),
      { also_accept: Array.from({ length: ALSO_ACCEPT_MAX + 1 }, (_, i) => `a${i}`) },
      'also_accept_invalid',
    ],
    ['answers on a choice step', firstOf('choice'), { also_accept: ['x'] }, 'also_accept_invalid'],
    ['answers on a photo step', firstOf('photo'), { also_accept: ['x'] }, 'also_accept_invalid'],
    ['a switch in words', firstOf('code'), { relaxed_match: 'yes' }, 'relaxed_match_invalid'],
  ])('refuses %s, naming the step', (_name, index, fields, issue) => {
    const result = parseRouteJson(withFields(index, fields));
    expect(result).toMatchObject({ ok: false, error: { issue, step: fixture.steps[index]?.ord } });
  });

  it('bounds each accepted answer like check_answer', () => {
    const index = firstOf('code');
    const result = parseRouteJson(withFields(index, { also_accept: ['x'.repeat(5001)] }));
    expect(result).toMatchObject({
      ok: false,
      error: { issue: 'step_text_too_long', path: 'also_accept[0]', max: 5000 },
    });
  });
});

describe('hints with a cost and a delay in the route JSON (decision 0085)', () => {
  const index = firstOf('text');

  it('an older file imports without hints and exports without the field', () => {
    expect(parsed(fixture).steps.every((s) => s.hints.length === 0)).toBe(true);
    expect(exported(fixture).steps.some((s) => 'hints' in s)).toBe(false);
  });

  it('keeps the hints in order, with 0 for an absent cost or delay, both ways', () => {
    const doc = withFields(index, {
      hints: [
        { text: 'Guarda in alto', cost: 3, unlock_after_s: 150 },
        { text: 'È una data', unlock_after_s: '600' },
        { text: 'Gratis', cost: 0 },
      ],
    });
    const step = parsed(doc).steps[index]!;
    expect(step.hint).toBe(fixture.steps[index]?.hint);
    expect(step.hints).toEqual([
      { text: 'Guarda in alto', cost: 3, unlock_after_s: 150 },
      { text: 'È una data', cost: 0, unlock_after_s: 600 },
      { text: 'Gratis', cost: 0, unlock_after_s: 0 },
    ]);
    const json = exported(doc);
    expect(json.steps[index]?.hints).toEqual(step.hints);
    expect(parsed(json)).toEqual(parsed(doc));
  });

  it.each([
    ['a text', 'aiuto', 'hints'],
    ['too many hints', Array.from({ length: 6 }, () => ({ text: 'x' })), 'hints'],
    ['a hint without text', [{ text: '  ', cost: 1 }], 'hints[0].text'],
    ['a negative cost', [{ text: 'x', cost: -1 }], 'hints[0].cost'],
    ['a cost over 1000', [{ text: 'x', cost: 1001 }], 'hints[0].cost'],
    [
      'a delay in decimals',
      [{ text: 'x' }, { text: 'y', unlock_after_s: 1.5 }],
      'hints[1].unlock_after_s',
    ],
    ['a delay over a day', [{ text: 'x', unlock_after_s: 86_401 }], 'hints[0].unlock_after_s'],
  ])('refuses %s, naming where', (_name, hints, path) => {
    const result = parseRouteJson(withFields(index, { hints }));
    expect(result).toMatchObject({
      ok: false,
      error: { issue: 'hints_invalid', path, max: 5, step: fixture.steps[index]?.ord },
    });
  });

  it('bounds each hint text like the hint', () => {
    const result = parseRouteJson(withFields(index, { hints: [{ text: 'x'.repeat(1001) }] }));
    expect(result).toMatchObject({
      ok: false,
      error: { issue: 'step_text_too_long', path: 'hints[0].text', max: 1000 },
    });
  });
});
