import { describe, expect, it } from 'vitest';
import fixture from './fixtures/route-roma-centro.json';
import { parseRouteJson, ROUTE_STEPS_MAX, toRouteJson } from './route-json';
import type { ImportedRoute, ImportedStep, RouteJsonIssue } from './route-json-types';
import { parsed } from './route-json.testing';

const errorOf = (input: unknown): RouteJsonIssue | null => {
  const result = parseRouteJson(input);
  return result.ok ? null : result.error;
};

const baseStep = {
  ord: 1,
  place: 'Pantheon',
  lat: 41.898614,
  lng: 12.476869,
  radius_m: 50,
  task: 'Task',
  check_type: 'text',
  check_answer: 'x',
};
const doc = (step: Record<string, unknown>, position = 1) => ({
  id: 'roma',
  title: 'Roma',
  steps: [...Array<typeof baseStep>(position - 1).fill(baseStep), step],
});

describe('parseRouteJson with the Rome fixture', () => {
  const route = parsed(fixture);

  it('reads the route fields', () => {
    expect(route.slug).toBe('roma-centro-storico');
    expect(route.title).toBe('Roma: il cuore del centro storico');
    expect(route.key_elements).toBe('Fontane barocche, piazze, templi antichi, monumenti');
    expect(route.is_flash).toBe(false);
    expect(route.date_start).toBeNull();
    expect(route.date_end).toBeNull();
    expect(route.steps.map((s) => s.check_type)).toEqual([
      'text',
      'choice',
      'qr',
      'photo',
      'code',
      'choice',
    ]);
  });

  it('parses numeric-string coordinates', () => {
    expect(route.steps[1]).toMatchObject({ lat: 41.898614, lng: 12.476869, radius_m: 50 });
  });

  it('maps orientation names to degrees', () => {
    expect(route.steps.map((s) => s.orientation_deg)).toEqual([null, null, null, 0, null, 90]);
  });

  it('reads choices and the multiple-choice step', () => {
    expect(route.steps.map((s) => [s.choices?.length ?? null, s.multiple])).toEqual([
      [null, false],
      [4, false],
      [null, false],
      [null, false],
      [null, false],
      [4, true],
    ]);
    expect(route.steps[5]?.check_answer).toBe('["Quadrighe", "Milite Ignoto"]');
  });

  it('reads the first step completely', () => {
    expect(route.steps[0]).toEqual({
      ord: 1,
      place: 'Fontana di Trevi',
      address: null,
      lat: 41.900932,
      lng: 12.483313,
      radius_m: 60,
      task: 'In quale anno fu completata la Fontana di Trevi?',
      hint: 'A metà del Settecento, sotto papa Clemente XIII.',
      check_type: 'text',
      check_answer: '1762',
      orientation_deg: null,
      media: [
        {
          type: 'image',
          url: 'https://upload.example.org/trevi.jpg',
          caption: 'La fontana vista dalla piazza',
          alt: 'Fontana di Trevi',
        },
      ],
      choices: null,
      multiple: false,
      scoring: null,
      review: 'auto',
      hints: [],
      also_accept: [],
      relaxed_match: null,
    } satisfies ImportedStep);
  });

  it('accepts the same document as JSON text', () => {
    expect(parsed(JSON.stringify(fixture))).toEqual(route);
  });

  it('round-trips through toRouteJson', () => {
    const { steps, ...meta } = route;
    const exported = toRouteJson(meta, steps);
    expect(exported.steps[3]?.orientation).toBe('nord');
    expect(exported.steps[5]?.orientation).toBe('est');
    expect(exported.steps[0]).not.toHaveProperty('choices');
    expect(exported.steps[0]).not.toHaveProperty('multiple');
    expect(exported.steps[1]).toMatchObject({
      choices: ['Augusto', 'Adriano', 'Nerone', 'Traiano'],
      multiple: false,
    });
    expect(parsed(JSON.stringify(exported))).toEqual(route);
  });
});

describe('parseRouteJson, route-level errors', () => {
  const parserMessage = (text: string): string => {
    try {
      JSON.parse(text);
      return '';
    } catch (error) {
      return error instanceof Error ? error.message : String(error);
    }
  };

  it.each([['{'], ['not json'], ['{"id": "x",}'], ['']])('reports invalid JSON text %j', (text) => {
    expect(errorOf(text)).toEqual({ issue: 'json_syntax', detail: parserMessage(text) });
    expect(parserMessage(text)).not.toBe('');
  });

  const ID = { issue: 'id_missing' };
  const TITLE = { issue: 'title_missing' };
  const STEPS = { issue: 'steps_missing' };
  it.each([
    ['a number', 42, ID],
    ['an array', [], ID],
    ['null', null, ID],
    ['JSON text of an array', '[1]', ID],
    ['missing id', { title: 'T', steps: [] }, ID],
    ['empty id', { id: '', title: 'T', steps: [] }, ID],
    ['id without word characters', { id: '!!! ?', title: 'T', steps: [] }, ID],
    ['numeric id', { id: 7, title: 'T', steps: [] }, ID],
    ['missing title', { id: 'x', steps: [] }, TITLE],
    ['blank title', { id: 'x', title: '  ', steps: [] }, TITLE],
    ['missing steps', { id: 'x', title: 'T' }, STEPS],
    ['steps as object', { id: 'x', title: 'T', steps: {} }, STEPS],
    ['steps as JSON text', { id: 'x', title: 'T', steps: '[]' }, STEPS],
    [
      'an unreadable start date',
      { id: 'x', title: 'T', date_start: 'garbage', steps: [] },
      { issue: 'date_invalid', path: 'date_start' },
    ],
    [
      'an end date in year 0',
      { id: 'x', title: 'T', date_end: '0000-01-01T00:00:00Z', steps: [] },
      { issue: 'date_invalid', path: 'date_end' },
    ],
  ])('%s', (_name, input, error) => {
    expect(errorOf(input)).toEqual(error);
  });

  it('checks id before title before steps', () => {
    expect(errorOf({})).toEqual(ID);
    expect(errorOf({ id: 'x' })).toEqual(TITLE);
  });

  it(`takes up to ${ROUTE_STEPS_MAX} steps, and refuses more before reading any`, () => {
    const steps = (n: number) => Array.from({ length: n }, () => baseStep);
    expect(parsed({ id: 'x', title: 'T', steps: steps(ROUTE_STEPS_MAX) }).steps).toHaveLength(
      ROUTE_STEPS_MAX,
    );
    // The extra step is not even an object: the count is checked first.
    expect(
      errorOf({ id: 'x', title: 'T', steps: [...steps(ROUTE_STEPS_MAX), 'not a step'] }),
    ).toEqual({ issue: 'too_many_steps', max: ROUTE_STEPS_MAX });
  });
});

describe('parseRouteJson, route-level fields', () => {
  it('normalises the slug and optional fields', () => {
    const route = parsed({
      id: '  Città di Roma! ',
      title: 'Roma',
      description: '  ',
      key_elements: 'Fontane',
      is_flash: 1,
      date_start: '2026-05-01',
      date_end: '',
      steps: [],
    });
    expect(route).toEqual({
      slug: 'citta-di-roma',
      title: 'Roma',
      description: null,
      key_elements: 'Fontane',
      is_flash: true,
      date_start: '2026-05-01',
      date_end: null,
      location_sharing: false,
      location_purpose: null,
      steps: [],
    } satisfies ImportedRoute);
  });

  it('stops at the first invalid step', () => {
    expect(errorOf(doc({ ...baseStep, ord: 2, lat: 'abc' }, 2))).toEqual({
      issue: 'coordinates_invalid',
      step: 2,
      place: 'Pantheon',
    });
  });
});
