import type { Rankings } from '@tappa/contracts';
import { describe, expect, it } from 'vitest';
import { serializeRankings } from './rankings-hub';

const row = {
  id: 'r1',
  position: 1,
  team_name: 'Le Civette',
  score: 10,
  progress: 1,
  total: 5,
  last_seen: '2026-11-22T10:00:00.000Z',
  route_type: 'progressive' as const,
};
const rankings = (computedAt: string, extra: object = {}): Rankings => ({
  route: null,
  overall: [row],
  today: [row],
  computed_at: computedAt,
  frozen_at: null,
  ...extra,
});

describe('serializeRankings', () => {
  it("holds for today in the tenant's time zone, and changes with the rows, not the time", () => {
    const now = new Date('2026-11-22T10:00:00Z');
    const a = serializeRankings(rankings('2026-11-22T10:00:00.000Z'), 'Europe/Rome', now);
    const b = serializeRankings(rankings('2026-11-22T10:05:00.000Z'), 'Europe/Rome', now);
    expect(a.comparable).toBe(b.comparable);
    expect(JSON.parse(a.json)).toEqual(rankings('2026-11-22T10:00:00.000Z'));
    expect(a.validFromMs).toBe(Date.parse('2026-11-21T23:00:00Z'));
    expect(a.validUntilMs).toBe(Date.parse('2026-11-22T23:00:00Z'));
  });

  it('sends only what its schema allows', () => {
    const now = new Date('2026-11-22T10:00:00Z');
    const json = serializeRankings(
      rankings(now.toISOString(), { email: 'x@example.org' }),
      'UTC',
      now,
    ).json;
    expect(json).not.toContain('example.org');
  });
});
