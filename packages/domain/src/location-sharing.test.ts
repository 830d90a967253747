import { describe, expect, it } from 'vitest';
import {
  FIX_FUTURE_SKEW_MS,
  FIX_MAX_AGE_MS,
  FIX_MAX_SILENCE_MS,
  fixRetentionCutoff,
  isFixTimeAcceptable,
  isFixStale,
  isFixWorthSending,
  type Fix,
} from './location-sharing';
import { parseRouteJson } from './route-json';

const at = (lat: number, lng: number, atMs: number, accuracyM: number | null = 5): Fix => ({
  lat,
  lng,
  atMs,
  accuracyM,
});

describe('a phone coalescing its fixes', () => {
  const first = at(41.9, 12.5, 0);

  it('sends the first fix, and one that moved further than its accuracy', () => {
    expect(isFixWorthSending(null, first)).toBe(true);
    // 0.0002° of latitude is about 22 m.
    expect(isFixWorthSending(first, at(41.9002, 12.5, 10_000))).toBe(true);
  });

  it('keeps one that moved less than 10 m or less than the accuracy', () => {
    expect(isFixWorthSending(first, at(41.90005, 12.5, 10_000))).toBe(false);
    expect(isFixWorthSending(first, at(41.9002, 12.5, 10_000, 40))).toBe(false);
  });

  it('sends one that has not moved once a minute', () => {
    expect(isFixWorthSending(first, at(41.9, 12.5, FIX_MAX_SILENCE_MS - 1))).toBe(false);
    expect(isFixWorthSending(first, at(41.9, 12.5, FIX_MAX_SILENCE_MS))).toBe(true);
  });
});

describe('the server and the console judging a fix', () => {
  it('refuses a time further ahead than the skew, or older than ten minutes', () => {
    const now = 1_000_000;
    expect(isFixTimeAcceptable(now + FIX_FUTURE_SKEW_MS, now)).toBe(true);
    expect(isFixTimeAcceptable(now + FIX_FUTURE_SKEW_MS + 1, now)).toBe(false);
    expect(isFixTimeAcceptable(now - FIX_MAX_AGE_MS, now)).toBe(true);
    expect(isFixTimeAcceptable(now - FIX_MAX_AGE_MS - 1, now)).toBe(false);
  });

  it('fades a fix older than two minutes', () => {
    expect(isFixStale(0, 120_000)).toBe(false);
    expect(isFixStale(0, 120_001)).toBe(true);
  });

  it('keeps raw fixes for the retention days, none with 0', () => {
    const now = Date.parse('2026-11-30T12:00:00Z');
    expect(fixRetentionCutoff(now, 30).toISOString()).toBe('2026-10-31T12:00:00.000Z');
    expect(fixRetentionCutoff(now, 0).getTime()).toBe(now);
  });
});

describe('location sharing in the route JSON', () => {
  const doc = (extra: Record<string, unknown>) =>
    parseRouteJson({ id: 'giro', title: 'Giro', steps: [], ...extra });

  it('is off in an older file', () => {
    expect(doc({})).toMatchObject({
      ok: true,
      route: { location_sharing: false, location_purpose: null },
    });
  });

  it('refuses a purpose longer than 500 characters', () => {
    expect(doc({ location_sharing: true, location_purpose: 'x'.repeat(501) })).toEqual({
      ok: false,
      error: { issue: 'text_too_long', path: 'location_purpose', max: 500 },
    });
  });
});
