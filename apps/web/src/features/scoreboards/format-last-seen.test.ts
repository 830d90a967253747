import { describe, expect, it } from 'vitest';
import { formatLastSeen } from './format-last-seen';

const NOW = new Date('2025-05-04T18:00:00.000Z');

describe('formatLastSeen', () => {
  it.each([
    ['today: the time of day', '2025-05-04T08:30:59.000Z', '10:30'],
    ['another day: date and time', '2025-05-03T08:05:00.000Z', '03/05/2025, 10:05'],
    ['just after midnight in Rome is already today', '2025-05-03T22:15:00.000Z', '00:15'],
    ['unreadable: nothing', 'not a date', ''],
  ])('%s', (_case, iso, text) => {
    const options = { timeZone: 'Europe/Rome', language: 'it', viewerZone: 'Europe/Rome' } as const;
    expect(formatLastSeen(iso, NOW, options)).toBe(text);
  });

  it("names the tenant's zone to a viewer on another clock", () => {
    const options = { timeZone: 'Europe/Rome', language: 'en', viewerZone: 'UTC' } as const;
    expect(formatLastSeen('2025-05-04T08:30:00.000Z', NOW, options)).toBe('10:30 (Rome time)');
  });
});
