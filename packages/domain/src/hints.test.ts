import { describe, expect, it } from 'vitest';
import { hintBudgetLeft, hintPoints, hintTakeRefusal, hintUnlockAtMs } from './hints';

const T0 = Date.parse('2026-11-22T10:00:00Z');

describe('hintUnlockAtMs', () => {
  it.each([
    [null, 150, null],
    [T0, 0, T0],
    [T0, 150, T0 + 150_000],
    [T0, 86_400, T0 + 86_400_000],
  ])('reached %s, unlocking after %s s: %s', (reachedMs, unlockAfterS, expected) => {
    expect(hintUnlockAtMs({ reachedMs, unlockAfterS })).toBe(expected);
  });
});

describe('hintTakeRefusal', () => {
  const base = {
    isGameOver: false,
    routeType: 'progressive' as const,
    stepIndex: 1,
    currentIndex: 1,
    stepStatus: 'pending' as const,
    reachedMs: T0,
    unlockAfterS: 150,
    nowMs: T0 + 150_000,
    cost: 3,
    budgetLeft: null,
  };

  it.each([
    ['unlocked on the current step', {}, null],
    ['one millisecond early', { nowMs: T0 + 149_999 }, { code: 'hint_locked', retry_after_s: 1 }],
    ['at once after reaching', { nowMs: T0 }, { code: 'hint_locked', retry_after_s: 150 }],
    ['no delay', { unlockAfterS: 0, nowMs: T0 }, null],
    ['a step not reached', { reachedMs: null }, { code: 'hint_not_reached' }],
    ['a finished game', { isGameOver: true }, { code: 'game_over' }],
    [
      'a step ahead on a progressive route',
      { stepIndex: 2 },
      { code: 'step_not_current', step_number: 2 },
    ],
    [
      'a step behind on a progressive route',
      { stepIndex: 0, stepStatus: 'ok' },
      { code: 'step_not_current', step_number: 2 },
    ],
    ['any reached step of an exploration route', { routeType: 'exploration', stepIndex: 3 }, null],
    [
      'a solved step of an exploration route',
      { routeType: 'exploration', stepStatus: 'ok' },
      { code: 'step_done' },
    ],
    [
      'an unreached step of an exploration route',
      { routeType: 'exploration', stepIndex: 3, reachedMs: null },
      { code: 'hint_not_reached' },
    ],
    ['no budget set', { cost: 1000 }, null],
    ['the last points of the budget', { budgetLeft: 3 }, null],
    ['over the budget', { budgetLeft: 2 }, { code: 'hint_budget_spent', left: 2 }],
    ['a free hint with the budget spent', { cost: 0, budgetLeft: 0 }, null],
    // The order: the game first, then the step, then the hint's time, then the budget.
    [
      'a locked hint over the budget',
      { nowMs: T0, budgetLeft: 0 },
      { code: 'hint_locked', retry_after_s: 150 },
    ],
    [
      'a finished game before the rest',
      { isGameOver: true, reachedMs: null },
      { code: 'game_over' },
    ],
  ] as const)('%s', (_name, overrides, expected) => {
    expect(hintTakeRefusal({ ...base, ...overrides })).toEqual(expected);
  });
});

describe('hintBudgetLeft', () => {
  it.each([
    [null, 7, null],
    [10, 0, 10],
    [10, 7, 3],
    [10, 12, 0],
  ])('budget %s, %s spent: %s left', (budget, spent, left) => {
    expect(hintBudgetLeft(budget, spent)).toBe(left);
  });
});

describe('hintPoints', () => {
  it.each([
    [3, false, -3],
    [0, false, 0],
    [3, true, 0],
    [1000, false, -1000],
  ])('cost %s, given by staff %s: %s points', (cost, isGivenByStaff, expected) => {
    expect(hintPoints({ cost, isGivenByStaff })).toBe(expected);
  });
});
