import { retryAfterS } from './limits';

// One clock for an event (issue 36, decision 0085): a route's optional start and end, and a
// pause for every team. The server decides from the route's row; these are its rules.

/** A route's event clock as stored: each instant null when not set. */
export interface EventTimes {
  startAt: Date | null;
  endAt: Date | null;
  pausedAt: Date | null;
}

/** Why nothing may be played on a game of the route now; each is an error code of the API. */
export type EventRefusal =
  /** The event starts in `retry_after_s` seconds (at least 1). */
  | { code: 'event_not_started'; retry_after_s: number }
  /** 'Pausa per tutti' holds every game of the route. */
  | { code: 'event_paused' };

/**
 * Whether the event keeps a team from playing at `now`: before its start, or while it is
 * paused; null: it may play (after the end its game ends as a time-out does: `isEventOver`).
 */
export function eventRefusal(times: EventTimes, now: Date): EventRefusal | null {
  if (times.startAt !== null && now < times.startAt) {
    return {
      code: 'event_not_started',
      retry_after_s: retryAfterS(times.startAt.getTime() - now.getTime()),
    };
  }
  return times.pausedAt === null ? null : { code: 'event_paused' };
}

/** Whether the event is over at `now`: its end has come. */
export function isEventOver(times: Pick<EventTimes, 'endAt'>, now: Date): boolean {
  return times.endAt !== null && now >= times.endAt;
}

/**
 * When a game created at `createdAt` starts its clock: the event's start when it was created
 * before it, else its creation (the timer, the time limit and the first step's clock count from
 * it; an event pause later moves it on by the pause's length).
 */
export function gameClockStart(createdAt: Date, eventStartAt: Date | null): Date {
  return eventStartAt !== null && eventStartAt > createdAt ? eventStartAt : createdAt;
}

/** How often every instance looks for an event end come due, in milliseconds. */
export const EVENT_CLOCK_POLL_MS = 2_000;
