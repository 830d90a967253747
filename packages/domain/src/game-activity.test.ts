import { describe, expect, it } from 'vitest';
import { GAME_IDLE_PAUSE_MS, gamePausedAt, isGameIdle } from './game-activity';

const LAST = new Date('2026-05-04T10:00:00.000Z');
const at = (ms: number) => new Date(LAST.getTime() + ms);

describe('isGameIdle', () => {
  it.each([
    ['active', 0, false],
    ['active', GAME_IDLE_PAUSE_MS - 1, false],
    ['active', GAME_IDLE_PAUSE_MS, true],
    ['active', 3 * GAME_IDLE_PAUSE_MS, true],
    ['paused', 3 * GAME_IDLE_PAUSE_MS, false],
    ['completed', 3 * GAME_IDLE_PAUSE_MS, false],
  ] as const)('%s game, %d ms after its last contact → %s', (status, ms, expected) => {
    expect(isGameIdle({ status, lastActiveAt: LAST }, at(ms))).toBe(expected);
  });

  it('is fifteen minutes', () => {
    expect(GAME_IDLE_PAUSE_MS).toBe(900_000);
  });
});

describe('gamePausedAt', () => {
  const paused = new Date('2026-05-04T09:00:00.000Z');
  it.each([
    ['paused', paused, 0, paused],
    ['paused', null, 0, LAST],
    ['active', null, GAME_IDLE_PAUSE_MS, LAST],
    ['active', null, GAME_IDLE_PAUSE_MS - 1, null],
    ['completed', paused, 3 * GAME_IDLE_PAUSE_MS, null],
  ] as const)('%s game (paused at %s), %d ms later → %s', (status, pausedAt, ms, expected) => {
    expect(gamePausedAt({ status, pausedAt, lastActiveAt: LAST }, at(ms))).toEqual(expected);
  });
});
