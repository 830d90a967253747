import { describe, expect, it } from 'vitest';
import { instantOfWallClock, startOfLocalDay } from './time-zone';

describe('startOfLocalDay', () => {
  it.each([
    ['winter in Rome (UTC+1)', '2026-11-22T10:00:00Z', 'Europe/Rome', '2026-11-21T23:00:00.000Z'],
    [
      'just after midnight in Rome',
      '2026-11-21T23:30:00Z',
      'Europe/Rome',
      '2026-11-21T23:00:00.000Z',
    ],
    [
      'just before midnight in Rome',
      '2026-11-21T22:59:59Z',
      'Europe/Rome',
      '2026-11-20T23:00:00.000Z',
    ],
    ['summer in Rome (UTC+2)', '2026-07-10T12:00:00Z', 'Europe/Rome', '2026-07-09T22:00:00.000Z'],
    [
      'the day summer time starts',
      '2026-03-29T12:00:00Z',
      'Europe/Rome',
      '2026-03-28T23:00:00.000Z',
    ],
    ['the day summer time ends', '2026-10-25T12:00:00Z', 'Europe/Rome', '2026-10-24T22:00:00.000Z'],
    ['UTC', '2026-11-22T10:00:00Z', 'UTC', '2026-11-22T00:00:00.000Z'],
    ['New York', '2026-11-22T03:00:00Z', 'America/New_York', '2026-11-21T05:00:00.000Z'],
  ])('%s', (_name, now, zone, expected) => {
    expect(startOfLocalDay(new Date(now), zone).toISOString()).toBe(expected);
  });
});

describe('instantOfWallClock', () => {
  it.each([
    ['winter in Rome', '2026-11-22', '10:00', 'Europe/Rome', '2026-11-22T09:00:00.000Z'],
    ['summer in Rome', '2026-07-10', '14:05', 'Europe/Rome', '2026-07-10T12:05:00.000Z'],
    [
      'after Rome springs forward',
      '2026-03-29',
      '03:30',
      'Europe/Rome',
      '2026-03-29T01:30:00.000Z',
    ],
    ['New York in winter', '2026-11-21', '18:00', 'America/New_York', '2026-11-21T23:00:00.000Z'],
  ])('%s', (_name, date, time, zone, expected) => {
    expect(instantOfWallClock(date, time, zone).toISOString()).toBe(expected);
  });
});
