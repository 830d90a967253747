import { describe, expect, it } from 'vitest';
import { GAME_IDLE_PAUSE_MS } from './game-activity';
import { STALE_AFTER_MS, STUCK_AFTER_MINUTES_DEFAULT } from './game-events';
import { type LiveStatusInput, liveStatuses } from './live-status';

const START = new Date('2026-05-04T10:00:00.000Z');
const at = (ms: number) => new Date(START.getTime() + ms);
const STUCK_MS = STUCK_AFTER_MINUTES_DEFAULT * 60_000;

function game(over: Partial<LiveStatusInput> = {}): LiveStatusInput {
  return {
    status: 'active',
    lastActiveAt: START,
    lastProgressAt: START,
    stuckAfterMinutes: STUCK_AFTER_MINUTES_DEFAULT,
    ...over,
  };
}

describe('liveStatuses', () => {
  it('is two minutes for stale', () => {
    expect(STALE_AFTER_MS).toBe(120_000);
  });

  it.each([
    [0, ['playing']],
    [STALE_AFTER_MS - 1, ['playing']],
    [STALE_AFTER_MS, ['playing', 'stale']],
    [GAME_IDLE_PAUSE_MS - 1, ['playing', 'stale']],
    [GAME_IDLE_PAUSE_MS, ['paused']],
  ] as const)('an active game %d ms after its last request → %j', (ms, expected) => {
    // Progress is kept recent so that only the silence counts.
    expect(liveStatuses(game({ lastProgressAt: at(ms) }), at(ms))).toEqual(expected);
  });

  it.each([
    [STUCK_MS - 1, ['playing']],
    [STUCK_MS, ['playing', 'stuck']],
    [3 * STUCK_MS, ['playing', 'stuck']],
  ] as const)('a game heard from now, %d ms after its last step done → %j', (ms, expected) => {
    expect(liveStatuses(game({ lastActiveAt: at(ms) }), at(ms))).toEqual(expected);
  });

  it("follows the route's stuck minutes", () => {
    const route = { stuckAfterMinutes: 5, lastActiveAt: at(5 * 60_000) };
    expect(liveStatuses(game(route), at(5 * 60_000 - 1))).toEqual(['playing']);
    expect(liveStatuses(game(route), at(5 * 60_000))).toEqual(['playing', 'stuck']);
  });

  it('is stale and stuck together', () => {
    const now = at(STUCK_MS);
    const silent = game({ lastActiveAt: at(STUCK_MS - STALE_AFTER_MS), stuckAfterMinutes: 15 });
    expect(liveStatuses(silent, now)).toEqual(['playing', 'stale', 'stuck']);
  });

  it('shows a stored pause or an end alone, however long ago', () => {
    expect(liveStatuses(game({ status: 'paused' }), at(3 * STUCK_MS))).toEqual(['paused']);
    expect(liveStatuses(game({ status: 'completed' }), at(3 * STUCK_MS))).toEqual(['finished']);
  });
});
