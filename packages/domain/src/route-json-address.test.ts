import { describe, expect, it } from 'vitest';
import fixture from './fixtures/route-roma-centro.json';
import { parseRouteJson } from './route-json';
import { STEP_ADDRESS_MAX_LENGTH } from './text-limits';
import { parsed, exported } from './route-json.testing';

/** The fixture with the first step given `address` (any value, to test the import's reading). */
const withAddress = (address: unknown) => ({
  ...fixture,
  steps: fixture.steps.map((step, i) => (i === 0 ? { ...step, address } : step)),
});

describe('a step’s street address in the route JSON (decision 0065)', () => {
  it('an older file without addresses imports with none and exports without the field', () => {
    const route = parsed(fixture);
    expect(route.steps.every((step) => step.address === null)).toBe(true);
    const first = exported(fixture);
    expect(first.steps.some((step) => 'address' in step)).toBe(false);
    // Exported again after another import, the document is the same.
    expect(exported(JSON.stringify(first))).toEqual(first);
  });

  it('an address is imported, exported beside the place and imported back unchanged', () => {
    const json = exported(withAddress('Piazza di Trevi, 00187 Roma'));
    expect(json.steps[0]).toMatchObject({
      place: 'Fontana di Trevi',
      address: 'Piazza di Trevi, 00187 Roma',
    });
    expect(json.steps.slice(1).some((step) => 'address' in step)).toBe(false);
    expect(exported(JSON.stringify(json))).toEqual(json);
    expect(parsed(json).steps[0]?.address).toBe('Piazza di Trevi, 00187 Roma');
  });

  it.each([
    ['blank', '   ', null],
    ['null', null, null],
    ['padded', '  Via del Corso 1  ', 'Via del Corso 1'],
    [
      'of the longest length',
      'a'.repeat(STEP_ADDRESS_MAX_LENGTH),
      'a'.repeat(STEP_ADDRESS_MAX_LENGTH),
    ],
  ])('an address %s is read as %j', (_name, address, expected) => {
    expect(parsed(withAddress(address)).steps[0]?.address).toBe(expected);
  });

  it('refuses an address longer than the limit, naming the step and the field', () => {
    const result = parseRouteJson(withAddress('a'.repeat(STEP_ADDRESS_MAX_LENGTH + 1)));
    expect(result).toEqual({
      ok: false,
      error: {
        issue: 'step_text_too_long',
        path: 'address',
        max: STEP_ADDRESS_MAX_LENGTH,
        step: 1,
        place: 'Fontana di Trevi',
      },
    });
  });
});
