import { describe, expect, it } from 'vitest';
import { ageOf, elapsedAt, liveStatusesAt } from './live-status';

const NOW = Date.parse('2026-05-01T10:00:00Z');
const minutesAgo = (minutes: number) => new Date(NOW - minutes * 60_000).toISOString();

describe('liveStatusesAt', () => {
  it('adds stale after two minutes of silence and stuck after the route minutes', () => {
    const team = {
      statuses: ['playing' as const],
      last_active_at: minutesAgo(3),
      last_progress_at: minutesAgo(20),
    };
    expect(liveStatusesAt(team, 15, NOW)).toEqual(['playing', 'stale', 'stuck']);
    expect(liveStatusesAt(team, 30, NOW)).toEqual(['playing', 'stale']);
  });

  it('drops the badges the clock no longer supports and never marks a paused team', () => {
    const fresh = {
      statuses: ['playing' as const, 'stale' as const],
      last_active_at: minutesAgo(0),
      last_progress_at: minutesAgo(1),
    };
    expect(liveStatusesAt(fresh, 15, NOW)).toEqual(['playing']);
    const paused = {
      statuses: ['paused' as const],
      last_active_at: minutesAgo(60),
      last_progress_at: minutesAgo(60),
    };
    expect(liveStatusesAt(paused, 15, NOW)).toEqual(['paused']);
  });
});

describe('ageOf', () => {
  it('counts whole minutes, then hours', () => {
    expect(ageOf(minutesAgo(0.5), NOW)).toEqual({ unit: 'now', count: 0 });
    expect(ageOf(minutesAgo(2), NOW)).toEqual({ unit: 'minutes', count: 2 });
    expect(ageOf(minutesAgo(125), NOW)).toEqual({ unit: 'hours', count: 2 });
  });
});

describe('elapsedAt', () => {
  it('runs from the start to now while played, and stops at the end', () => {
    expect(elapsedAt({ started_at: minutesAgo(25), finished_at: null }, NOW)).toBe(25 * 60_000);
    expect(elapsedAt({ started_at: minutesAgo(115), finished_at: minutesAgo(90) }, NOW)).toBe(
      25 * 60_000,
    );
    // A start ahead of this browser's clock shows as zero.
    expect(elapsedAt({ started_at: minutesAgo(-1), finished_at: null }, NOW)).toBe(0);
  });
});
