import { describe, expect, it } from 'vitest';
import {
  formatInstant,
  formatInstantNamed,
  isSupportedTimeZone,
  timeZoneLabel,
} from './clock-format';

describe('formatInstant', () => {
  it.each([
    [
      'an hour before Rome springs forward',
      '2026-03-29T00:59:00Z',
      'Europe/Rome',
      '29/03/2026, 01:59',
    ],
    [
      'Rome springs forward (02:00 → 03:00)',
      '2026-03-29T01:00:00Z',
      'Europe/Rome',
      '29/03/2026, 03:00',
    ],
    [
      'the last minute of summer time in Rome',
      '2026-10-25T00:59:00Z',
      'Europe/Rome',
      '25/10/2026, 02:59',
    ],
    ['Rome falls back (03:00 → 02:00)', '2026-10-25T01:00:00Z', 'Europe/Rome', '25/10/2026, 02:00'],
    [
      'New York before springing forward',
      '2026-03-08T06:59:00Z',
      'America/New_York',
      '08/03/2026, 01:59',
    ],
    ['New York springs forward', '2026-03-08T07:00:00Z', 'America/New_York', '08/03/2026, 03:00'],
    [
      'midnight in Rome is the day before in UTC',
      '2026-11-21T23:00:00Z',
      'Europe/Rome',
      '22/11/2026, 00:00',
    ],
    [
      'the same instant in New York',
      '2026-11-21T23:00:00Z',
      'America/New_York',
      '21/11/2026, 18:00',
    ],
  ])('%s', (_name, iso, zone, expected) => {
    expect(formatInstant(new Date(iso), zone, 'dateTime')).toBe(expected);
  });

  it('writes each style the Italian way', () => {
    const instant = new Date('2026-07-10T12:05:09Z');
    expect(formatInstant(instant, 'Europe/Rome', 'date')).toBe('10/07/2026');
    expect(formatInstant(instant, 'Europe/Rome', 'time')).toBe('14:05');
    expect(formatInstant(instant, 'Europe/Rome', 'timeSeconds')).toBe('14:05:09');
    expect(formatInstant(instant, 'Europe/Rome', 'dateTimeSeconds')).toBe('10/07/2026, 14:05:09');
  });
});

describe('formatInstantNamed', () => {
  const instant = new Date('2026-07-10T11:15:00Z');

  it('names the zone after the time when asked', () => {
    const base = { timeZone: 'Europe/Rome', style: 'time', isZoneNamed: true } as const;
    expect(formatInstantNamed(instant, { ...base, language: 'it' })).toBe('13:15 (ora di Roma)');
    expect(formatInstantNamed(instant, { ...base, language: 'en' })).toBe('13:15 (Rome time)');
  });

  it('leaves it out when not asked, and on a date alone', () => {
    const base = { timeZone: 'America/New_York', language: 'en' } as const;
    expect(formatInstantNamed(instant, { ...base, style: 'dateTime', isZoneNamed: false })).toBe(
      '10/07/2026, 07:15',
    );
    expect(formatInstantNamed(instant, { ...base, style: 'date', isZoneNamed: true })).toBe(
      '10/07/2026',
    );
  });
});

describe('timeZoneLabel', () => {
  it.each([
    ['Europe/Rome', 'ora di Roma', 'Rome time'],
    ['America/New_York', 'ora di New York', 'New York time'],
    ['America/Argentina/Buenos_Aires', 'ora di Buenos Aires', 'Buenos Aires time'],
    ['UTC', 'UTC', 'UTC'],
  ])('%s', (zone, it, en) => {
    expect(timeZoneLabel(zone, 'it')).toBe(it);
    expect(timeZoneLabel(zone, 'en')).toBe(en);
  });
});

describe('isSupportedTimeZone', () => {
  it('knows the IANA zones and nothing else', () => {
    expect(isSupportedTimeZone('Europe/Rome')).toBe(true);
    expect(isSupportedTimeZone('America/New_York')).toBe(true);
    expect(isSupportedTimeZone('Mars/Olympus_Mons')).toBe(false);
    expect(isSupportedTimeZone('europe/rome')).toBe(false);
  });
});
