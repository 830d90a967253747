import { describe, expect, it } from 'vitest';
import { eventRefusal, gameClockStart, isEventOver } from './event-clock';

const at = (iso: string) => new Date(`2026-11-22T${iso}Z`);
const times = { startAt: at('10:00:00'), endAt: at('12:00:00'), pausedAt: null };

describe('eventRefusal', () => {
  it.each([
    ['no event', { startAt: null, endAt: null, pausedAt: null }, '09:00:00', null],
    ['before the start', times, '09:55:48', { code: 'event_not_started', retry_after_s: 252 }],
    [
      'a millisecond before',
      times,
      '09:59:59.999',
      { code: 'event_not_started', retry_after_s: 1 },
    ],
    ['at the start', times, '10:00:00', null],
    ['paused', { ...times, pausedAt: at('10:30:00') }, '10:31:00', { code: 'event_paused' }],
    [
      'paused without times',
      { startAt: null, endAt: null, pausedAt: at('10:30:00') },
      '10:31:00',
      { code: 'event_paused' },
    ],
    // The end is `isEventOver`'s: the game then ends as a time-out does.
    ['after the end', times, '12:30:00', null],
  ] as const)('%s', (_name, event, now, expected) => {
    expect(eventRefusal(event, at(now))).toEqual(expected);
  });
});

describe('isEventOver', () => {
  it.each([
    [null, '23:59:59', false],
    [at('12:00:00'), '11:59:59.999', false],
    [at('12:00:00'), '12:00:00', true],
  ] as const)('end %s, at %s: %s', (endAt, now, over) => {
    expect(isEventOver({ endAt }, at(now))).toBe(over);
  });
});

describe('gameClockStart', () => {
  it.each([
    ['created before the start', '09:40:00', at('10:00:00'), at('10:00:00')],
    ['created after the start', '10:05:00', at('10:00:00'), at('10:05:00')],
    ['no event', '09:40:00', null, at('09:40:00')],
  ] as const)('%s', (_name, created, startAt, expected) => {
    expect(gameClockStart(at(created), startAt)).toEqual(expected);
  });
});
