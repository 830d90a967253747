import type { Catalogue } from '../it';

/** English texts of the wait before the event's start and of its pause for everyone. */
export const enEvent = {
  event: {
    startsIn: 'Starting in {{time}}',
    startsAt: 'All teams start together at {{time}}.',
    paused: 'Game paused for everyone',
    pausedHint: 'It will resume shortly: the clock is stopped.',
  },
} satisfies Pick<Catalogue, 'event'>;
