import type { EventClock } from '@tappa/contracts';
import { eventRefusal, type EventTimes } from '@tappa/domain';
import { AppError } from '../../errors';

// A route's event clock as its rules and its readers see it (decision 0085): without a database,
// so that the try, the hints, the game state and the console read it without a cycle.

/** A route's event instants as its row holds them. */
export interface EventInstants {
  event_start_at: Date | null;
  event_end_at: Date | null;
  event_paused_at: Date | null;
}

const isoOf = (at: Date | null) => at?.toISOString() ?? null;

/** A route's event clock as the domain's rules read it. */
export const eventTimesOf = (route: EventInstants): EventTimes => ({
  startAt: route.event_start_at,
  endAt: route.event_end_at,
  pausedAt: route.event_paused_at,
});

/**
 * Refuses a try, a skip, an exploration's end or a hint before the event starts or while it is
 * paused; a game that is over is not refused here (a try then ends it as a time-out).
 */
export function checkEventPlays(route: EventInstants, now: Date): void {
  const refusal = eventRefusal(eventTimesOf(route), now);
  if (refusal?.code === 'event_not_started') {
    throw new AppError('event_not_started', { retry_after_s: refusal.retry_after_s });
  }
  if (refusal) throw new AppError(refusal.code);
}

/** A route's event clock as the console reads it. */
export function presentRouteEvent(route: EventInstants): EventClock {
  return {
    starts_at: isoOf(route.event_start_at),
    ends_at: isoOf(route.event_end_at),
    paused_at: isoOf(route.event_paused_at),
  };
}

/** A route's event clock as its teams read it: null on a route with none (the spec's play). */
export function presentEventClock(route: EventInstants): EventClock | null {
  const event = presentRouteEvent(route);
  return event.starts_at === null && event.ends_at === null && event.paused_at === null
    ? null
    : event;
}
