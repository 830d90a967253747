import { describe, expect, it } from 'vitest';
import {
  EMPTY_ROUTE_FORM,
  isoToLocalInput,
  localInputToIso,
  previewRouteSlug,
  toRouteForm,
  validateRouteForm,
  valuesFromRoute,
} from './route-form-values';
import { sampleRoute } from '../../test/samples';

describe('validateRouteForm', () => {
  it.each([
    ['create', { title: '' }, { title: 'required' }],
    ['create', { title: 'Roma' }, {}],
    ['create', { title: 'Roma', slug: '!!!' }, { slug: 'slugEmpty' }],
    ['create', { title: '???' }, { slug: 'slugEmpty' }],
    ['edit', { title: 'Roma', slug: ' ' }, { slug: 'required' }],
    ['edit', { title: '', slug: '' }, { title: 'required', slug: 'required' }],
    ['edit', { title: 'Roma', slug: 'roma' }, {}],
    // The event's end comes after its start (decision 0085); either alone is fine.
    ['create', { title: 'Roma', event_start: '2026-06-01T10:00' }, {}],
    ['create', { title: 'Roma', event_end: '2026-06-01T10:00' }, {}],
    [
      'create',
      { title: 'Roma', event_start: '2026-06-01T10:00', event_end: '2026-06-01T12:00' },
      {},
    ],
    [
      'create',
      { title: 'Roma', event_start: '2026-06-01T10:00', event_end: '2026-06-01T10:00' },
      { event_end: 'eventOrder' },
    ],
    [
      'create',
      { title: 'Roma', event_start: '2026-06-01T10:00', event_end: '2026-06-01T09:59' },
      { event_end: 'eventOrder' },
    ],
  ] as const)('%s %j → %j', (mode, changes, expected) => {
    expect(validateRouteForm({ ...EMPTY_ROUTE_FORM, ...changes }, mode, 'Europe/Rome')).toEqual(
      expected,
    );
  });
});

describe('previewRouteSlug', () => {
  it('normalises the slug, or the title when the slug is blank', () => {
    expect(previewRouteSlug({ ...EMPTY_ROUTE_FORM, title: 'Caffè Città' })).toBe('caffe-citta');
    expect(previewRouteSlug({ ...EMPTY_ROUTE_FORM, title: 'X', slug: 'Mio Giro' })).toBe(
      'mio-giro',
    );
  });
});

describe('toRouteForm', () => {
  it.each([
    ['abc', '10', 0, 10],
    ['', '', 0, 0],
    ['1500', '-3', 999, 0],
    ['7.9', '59', 7, 59],
  ])('hours %j minutes %j → %i h %i min', (hours, minutes, h, m) => {
    const form = toRouteForm(
      {
        ...EMPTY_ROUTE_FORM,
        title: 'R',
        time_limit_hours: hours,
        time_limit_minutes: minutes,
      },
      'Europe/Rome',
    );
    expect([form.time_limit_hours, form.time_limit_minutes]).toEqual([h, m]);
  });
});

describe('date-time conversion', () => {
  it('maps an empty input to null and back', () => {
    expect(localInputToIso('', 'Europe/Rome')).toBeNull();
    expect(isoToLocalInput(null, 'Europe/Rome')).toBe('');
    expect(isoToLocalInput('not a date', 'Europe/Rome')).toBe('');
  });

  it("reads the typed time on the tenant's clock, whatever the browser's", () => {
    const iso = localInputToIso('2025-01-15T08:05', 'America/New_York');
    expect(iso).toBe('2025-01-15T13:05:00.000Z');
    expect(isoToLocalInput(iso, 'America/New_York')).toBe('2025-01-15T08:05');
    expect(isoToLocalInput(iso, 'Europe/Rome')).toBe('2025-01-15T14:05');
  });

  it('fills the edit form from a listed route', () => {
    const values = valuesFromRoute(
      sampleRoute({
        description: null,
        date_start: '2025-07-01T16:45:00.000Z',
        time_limit_hours: 3,
        event_start: '2025-07-02T07:00:00.000Z',
      }),
      'Europe/Rome',
    );
    expect(values).toMatchObject({
      description: '',
      date_start: '2025-07-01T18:45',
      date_end: '',
      time_limit_hours: '3',
      event_start: '2025-07-02T09:00',
      event_end: '',
    });
  });
});

describe('location sharing (decision 0086)', () => {
  it('round trips a sharing route through the form, its purpose trimmed', () => {
    const route = sampleRoute({
      location_sharing: true,
      location_purpose: 'Per mandarvi aiuto se serve',
    });
    const values = valuesFromRoute(route, 'Europe/Rome');
    expect(values).toMatchObject({
      location_sharing: true,
      location_purpose: 'Per mandarvi aiuto se serve',
    });
    expect(toRouteForm(values, 'Europe/Rome')).toMatchObject({
      location_sharing: true,
      location_purpose: 'Per mandarvi aiuto se serve',
    });
    const edited = { ...values, location_purpose: '  Sicurezza  ' };
    expect(toRouteForm(edited, 'Europe/Rome').location_purpose).toBe('Sicurezza');
  });

  it('reads a route that does not share as off with a blank purpose, and sends a blank one as null', () => {
    const values = valuesFromRoute(sampleRoute(), 'Europe/Rome');
    expect(values).toMatchObject({ location_sharing: false, location_purpose: '' });
    const sharing = { ...values, location_sharing: true, location_purpose: '   ' };
    expect(toRouteForm(sharing, 'Europe/Rome')).toMatchObject({
      location_sharing: true,
      location_purpose: null,
    });
  });
});
