import { describe, expect, it } from 'vitest';
import { toRouteJson } from './route-json';
import type { ImportedRoute, ImportedStep } from './route-json-types';
import { parsed } from './route-json.testing';

describe('toRouteJson', () => {
  const step = (over: Partial<ImportedStep>): ImportedStep => ({
    ord: 1,
    place: 'P',
    address: null,
    lat: 41.9,
    lng: 12.5,
    radius_m: 40,
    task: 'T',
    hint: null,
    check_type: 'text',
    check_answer: 'a',
    orientation_deg: null,
    media: [],
    choices: null,
    multiple: false,
    scoring: null,
    review: 'auto',
    hints: [],
    also_accept: [],
    relaxed_match: null,
    ...over,
  });
  const meta: Omit<ImportedRoute, 'steps'> = {
    slug: 'flash-tour',
    title: 'Flash',
    description: 'D',
    key_elements: null,
    is_flash: true,
    date_start: '2026-05-01T08:00:00Z',
    date_end: '2026-05-31T20:00:00Z',
    location_sharing: false,
    location_purpose: null,
  };
  const steps = [
    step({
      ord: 3,
      orientation_deg: 270,
      check_type: 'photo',
      check_answer: null,
      review: 'staff',
    }),
    step({
      ord: 1,
      orientation_deg: 180,
      scoring: { attempt_award: { first_try: 10 }, cap: null },
    }),
    step({ ord: 2, check_type: 'code', choices: ['x'], multiple: true }),
    step({
      ord: 4,
      check_type: 'choice',
      check_answer: 'A|B',
      choices: ['A', 'B', 'C'],
      multiple: true,
      media: [{ type: 'image', url: '', code: 'IMG-1' }],
    }),
  ];

  it('orders steps by ord and writes optional fields only when they apply', () => {
    const json = toRouteJson(meta, steps);
    expect(json.id).toBe('flash-tour');
    expect(json.steps.map((s) => [s.ord, s.orientation])).toEqual([
      [1, 'sud'],
      [2, null],
      [3, 'ovest'],
      [4, null],
    ]);
    expect(json.steps[0]?.scoring).toEqual({ attempt_award: { first_try: 10 }, cap: null });
    expect(json.steps[1]).toMatchObject({ choices: ['x'], multiple: true });
    expect(json.steps[2]).not.toHaveProperty('choices');
    expect(json.steps[2]).not.toHaveProperty('scoring');
    expect(json.steps[3]).toMatchObject({ choices: ['A', 'B', 'C'], multiple: true });
    expect(json.steps.map((s) => s.review)).toEqual([undefined, undefined, 'staff', undefined]);
  });

  it('round-trips every field', () => {
    const back = parsed(JSON.stringify(toRouteJson(meta, steps)));
    expect(back).toEqual({ ...meta, steps: [...steps].sort((a, b) => a.ord - b.ord) });
  });

  it('writes location sharing only when it is on, and reads it back (decision 0086)', () => {
    expect(toRouteJson(meta, [])).not.toHaveProperty('location_sharing');
    expect(toRouteJson(meta, [])).not.toHaveProperty('location_purpose');
    const sharing = { ...meta, location_sharing: true, location_purpose: 'Per la sicurezza' };
    const json = toRouteJson(sharing, []);
    expect(json).toMatchObject({ location_sharing: true, location_purpose: 'Per la sicurezza' });
    expect(parsed(JSON.stringify(json))).toEqual({ ...sharing, steps: [] });
  });
});
