import type { Db } from '../../db/db';
import type { TenantScope } from '../../db/scope';
import { AppError } from '../../errors';
import { type AuditActor, recordAudit } from '../audit/audit.service';
import {
  endPause,
  lockRouteEvent,
  type RouteEventRow,
  setRouteEvent,
  startPause,
} from './event-clock.repository';
import { closeOpenGames, retimeEventGames, shiftClocks } from './game-writes.repository';

// One clock for an event (issue 36, decision 0085): a route's start and end (its form), and
// 'Pausa per tutti', 'Riprendi per tutti' and 'Termina ora' from the live console. Every change
// writes the route's row, so a try judged on what an instance cached is read and judged again.

/** A staff change of a route's event clock. */
export interface EventChange {
  scope: TenantScope;
  routeId: string;
  actor: AuditActor;
  now: Date;
}

/** What a change did: whether it changed anything, and the games whose phones are to be told. */
export interface EventChanged {
  changed: boolean;
  /** The route's open games (those a pause, a resume or the end changed). */
  gameIds: string[];
  /** Games ended by it (the scoreboards follow them). */
  ended: number;
}

const UNCHANGED: EventChanged = { changed: false, gameIds: [], ended: 0 };

/**
 * Runs `act` on the tenant's route, its event row locked (404 for another tenant's), and when it
 * changed something the audit entry `action`.
 */
function changeEvent(
  db: Db,
  change: EventChange,
  action: 'live.pause' | 'live.resume' | 'live.end',
  act: (tx: Db, route: RouteEventRow) => Promise<EventChanged>,
): Promise<EventChanged> {
  const { scope, routeId, now } = change;
  return db.transaction(async (tx) => {
    const route = await lockRouteEvent(tx, scope, routeId);
    if (!route) throw new AppError('route_not_found');
    const done = await act(tx, route);
    if (done.changed) {
      const target = { id: route.id, label: route.title };
      await recordAudit(tx, { actor: change.actor, action, target, now });
    }
    return done;
  });
}

/**
 * 'Pausa per tutti': the route's row holds `event_paused_at` (every try, skip, hint and end of
 * its games is refused with `event_paused`) and a `route_event_pauses` row is opened. Paused
 * already: nothing changes.
 */
export function pauseRouteEvent(db: Db, change: EventChange): Promise<EventChanged> {
  const { scope, now } = change;
  return changeEvent(db, change, 'live.pause', async (tx, route) => {
    if (route.event_paused_at !== null) return UNCHANGED;
    await setRouteEvent(tx, scope, route.id, { event_paused_at: now });
    await startPause(tx, scope, { routeId: route.id, userId: change.actor.userId, now });
    return { changed: true, gameIds: route.openGameIds, ended: 0 };
  });
}

/**
 * 'Riprendi per tutti': the pause's length is added to every open game's clock and to its
 * started steps' clocks (each by the part of the pause it lived through), so timers, time limits
 * and hints' waits stood still; the pause's row is closed. Not paused: nothing changes.
 */
export function resumeRouteEvent(db: Db, change: EventChange): Promise<EventChanged> {
  const { scope, now } = change;
  return changeEvent(db, change, 'live.resume', async (tx, route) => {
    const pausedAt = route.event_paused_at;
    if (pausedAt === null) return UNCHANGED;
    await shiftClocks(tx, scope, { routeId: route.id, pausedAt, now });
    await setRouteEvent(tx, scope, route.id, { event_paused_at: null });
    await endPause(tx, scope, { routeId: route.id, userId: change.actor.userId, now });
    return { changed: true, gameIds: route.openGameIds, ended: 0 };
  });
}

/**
 * 'Termina ora': the event ends now (a start still to come is dropped, a pause closed) and every
 * open game of the route ends as a time-out does. Ended already: nothing changes.
 */
export function endRouteEvent(db: Db, change: EventChange): Promise<EventChanged> {
  const { scope, now } = change;
  return changeEvent(db, change, 'live.end', async (tx, route) => {
    if (route.event_closed_at !== null && route.openGameIds.length === 0) return UNCHANGED;
    if (route.event_paused_at !== null) {
      await endPause(tx, scope, { routeId: route.id, userId: change.actor.userId, now });
    }
    const startAt = route.event_start_at;
    await setRouteEvent(tx, scope, route.id, {
      event_start_at: startAt !== null && startAt >= now ? null : startAt,
      event_end_at: now,
      event_paused_at: null,
      event_closed_at: now,
    });
    const ended = await closeOpenGames(tx, scope, { routeId: route.id, now });
    return { changed: true, gameIds: route.openGameIds, ended };
  });
}

/**
 * The end of an event that came due (the due job, `event-schedule.ts`): its open games end as a
 * time-out does at the end's instant, and the route is marked closed. Answers null when another
 * instance took it, or it is no longer due (its end moved).
 */
export async function closeDueEvent(
  db: Db,
  scope: TenantScope,
  opts: { routeId: string; now: Date },
): Promise<EventChanged | null> {
  return db.transaction(async (tx) => {
    const route = await lockRouteEvent(tx, scope, opts.routeId, { skipLocked: true });
    const endAt = route?.event_end_at ?? null;
    if (!route || endAt === null || endAt > opts.now || route.event_closed_at !== null) {
      return null;
    }
    if (route.event_paused_at !== null) {
      await endPause(tx, scope, { routeId: route.id, userId: null, now: endAt });
    }
    await setRouteEvent(tx, scope, route.id, { event_paused_at: null, event_closed_at: opts.now });
    const ended = await closeOpenGames(tx, scope, { routeId: route.id, now: endAt });
    return { changed: true, gameIds: route.openGameIds, ended };
  });
}

/**
 * After the route form saved the tenant's route `route` (its event instants as saved): its open
 * games follow its start, and a due end may end them again (`retimeEventGames`).
 */
export function retimeRouteGames(
  db: Db,
  scope: TenantScope,
  opts: {
    route: { id: string; event_start_at: Date | null; event_end_at: Date | null };
    now: Date;
  },
): Promise<void> {
  return db.transaction((tx) => retimeEventGames(tx, scope, opts));
}
