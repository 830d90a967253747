import { describe, expect, it } from 'vitest';
import { isRouteAvailable } from './availability';

const d = (iso: string) => new Date(iso);
const start = d('2026-05-01T08:00:00Z');
const end = d('2026-05-31T20:00:00Z');

describe('isRouteAvailable', () => {
  it.each([
    ['open on both sides', null, null, '1999-01-01T00:00:00Z', true],
    ['1 ms before start', start, end, '2026-05-01T07:59:59.999Z', false],
    ['exactly at start', start, end, '2026-05-01T08:00:00.000Z', true],
    ['in between', start, end, '2026-05-15T12:00:00Z', true],
    ['exactly at end', start, end, '2026-05-31T20:00:00.000Z', true],
    ['1 ms after end', start, end, '2026-05-31T20:00:00.001Z', false],
    ['no start, before end', null, end, '2020-01-01T00:00:00Z', true],
    ['no start, after end', null, end, '2026-06-01T00:00:00Z', false],
    ['no end, after start', start, null, '2099-01-01T00:00:00Z', true],
    ['no end, before start', start, null, '2026-04-30T00:00:00Z', false],
  ])('%s → %s', (_name, dateStart, dateEnd, now, expected) => {
    expect(isRouteAvailable({ dateStart, dateEnd }, d(now))).toBe(expected);
  });
});
