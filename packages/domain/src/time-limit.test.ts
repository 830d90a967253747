import { describe, expect, it } from 'vitest';
import type { TimeLimitSettings } from './time-limit';
import {
  TIME_LIMIT_MAX_HOURS,
  TIME_LIMIT_MAX_MINUTES,
  isTimeLimitExpired,
  parseTimeLimitPart,
  remainingMs,
  timeLimitMs,
} from './time-limit';

describe('constants', () => {
  it('keeps the limits', () => {
    expect(TIME_LIMIT_MAX_HOURS).toBe(999);
    expect(TIME_LIMIT_MAX_MINUTES).toBe(59);
  });
});

describe('parseTimeLimitPart', () => {
  it.each([
    ['12', 999, 12],
    [' 12 ', 999, 12],
    ['abc', 999, 0],
    ['12abc', 999, 0],
    ['', 999, 0],
    [-3, 999, 0],
    ['-3', 999, 0],
    [1500, 999, 999],
    [999, 999, 999],
    [1000, 999, 999],
    [60, 59, 59],
    [59, 59, 59],
    [7.9, 999, 7],
    ['7.9', 999, 7],
    [-0.5, 999, 0],
    [Number.NaN, 999, 0],
    [Infinity, 999, 0],
    [null, 999, 0],
    [undefined, 999, 0],
    [true, 999, 0],
  ])('%j with max %i → %i', (value, max, expected) => {
    expect(parseTimeLimitPart(value, max)).toBe(expected);
  });
});

describe('timeLimitMs', () => {
  it.each([
    [0, 0, 0],
    [0, 1, 60_000],
    [1, 30, 5_400_000],
    [999, 59, 59_999 * 60_000],
  ])('%ih %im → %i ms', (hours, minutes, expected) => {
    expect(timeLimitMs({ hours, minutes })).toBe(expected);
  });

  it.each([
    [1, 30, 0, 5_400_000],
    [1, 30, 15, 6_300_000],
    [0, 0, 15, 0],
  ])('%ih %im extended by %im → %i ms', (hours, minutes, extensionMinutes, expected) => {
    expect(timeLimitMs({ hours, minutes, extensionMinutes })).toBe(expected);
  });
});

describe('expiry and remaining time', () => {
  const createdAt = new Date('2026-05-01T10:00:00.000Z');
  const settings = (over: Partial<TimeLimitSettings> = {}): TimeLimitSettings => ({
    enabled: true,
    hours: 1,
    minutes: 30,
    createdAt,
    ...over,
  });
  const at = (iso: string) => new Date(iso);

  it.each([
    ['at creation', settings(), '2026-05-01T10:00:00.000Z', false, 5_400_000],
    ['1 ms before the limit', settings(), '2026-05-01T11:29:59.999Z', false, 1],
    ['exactly at the limit', settings(), '2026-05-01T11:30:00.000Z', true, 0],
    ['after the limit', settings(), '2026-05-01T12:00:00.000Z', true, 0],
    ['disabled', settings({ enabled: false }), '2026-06-01T00:00:00Z', false, null],
    [
      'limit of 0 means none',
      settings({ hours: 0, minutes: 0 }),
      '2026-06-01T00:00:00Z',
      false,
      null,
    ],
    ['minutes only', settings({ hours: 0, minutes: 1 }), '2026-05-01T10:01:00.000Z', true, 0],
    ['clock before creation', settings(), '2026-05-01T09:00:00.000Z', false, 9_000_000],
    [
      'extended by 10 minutes, at the route limit',
      settings({ extensionMinutes: 10 }),
      '2026-05-01T11:30:00.000Z',
      false,
      600_000,
    ],
    [
      'extended by 10 minutes, at the extended limit',
      settings({ extensionMinutes: 10 }),
      '2026-05-01T11:40:00.000Z',
      true,
      0,
    ],
    [
      'an extension of a limit of 0 is still none',
      settings({ hours: 0, minutes: 0, extensionMinutes: 10 }),
      '2026-06-01T00:00:00Z',
      false,
      null,
    ],
  ] satisfies [string, TimeLimitSettings, string, boolean, number | null][])(
    '%s',
    (_name, s, now, expired, remaining) => {
      expect(isTimeLimitExpired(s, at(now))).toBe(expired);
      expect(remainingMs(s, at(now))).toBe(remaining);
    },
  );
});
