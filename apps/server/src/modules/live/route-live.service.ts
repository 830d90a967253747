import type { RouteLiveState } from '@tappa/contracts';
import type { Db } from '../../db/db';
import type { TenantScope } from '../../db/scope';
import { AppError } from '../../errors';
import { type AuditActor, recordAudit } from '../audit/audit.service';
import type { RouteName } from '../routes/routes.service';
import { snapshotRouteRankings } from '../scoreboards/scoreboards.service';
import { findOwnRoute, listRouteStates } from './live.service';
import {
  freezeRoute,
  revealRoute,
  type RouteLiveRow,
  upsertStuckMinutes,
} from './route-live.repository';

// A route's live state (decision 0070): its stuck minutes, and freezing its public standings.

async function readState(db: Db, scope: TenantScope, routeId: string): Promise<RouteLiveState> {
  const [state] = await listRouteStates(db, scope, routeId);
  if (!state) throw new AppError('route_not_found');
  return state;
}

/** What a staff change of a route's live state needs. */
interface RouteChange {
  scope: TenantScope;
  routeId: string;
  actor: AuditActor;
  now: Date;
}

/** `live.routeSettings`: the route's stuck minutes, with an audit entry. */
export function setStuckMinutes(
  db: Db,
  change: RouteChange & { minutes: number },
): Promise<RouteLiveState> {
  const { scope, routeId, now } = change;
  return db.transaction(async (tx) => {
    const route = await findOwnRoute(tx, scope, routeId);
    const row = await upsertStuckMinutes(tx, scope, { routeId, minutes: change.minutes, now });
    if (!row) throw new AppError('route_not_found');
    await recordAudit(tx, {
      actor: change.actor,
      action: 'live.settings',
      target: { id: route.id, label: route.title },
      details: { stuck_after_minutes: String(change.minutes) },
      now,
    });
    return readState(tx, scope, routeId);
  });
}

/**
 * Runs `write` on the tenant's route in a transaction and, when it changed the route's state (a
 * row answered), the audit entry `action`; otherwise answers the state as it is.
 */
function changeRouteState(
  db: Db,
  change: RouteChange,
  action: 'live.freeze' | 'live.reveal',
  write: (tx: Db, route: RouteName) => Promise<RouteLiveRow | null>,
): Promise<{ state: RouteLiveState; changed: boolean }> {
  const { scope, routeId, now } = change;
  return db.transaction(async (tx) => {
    const route = await findOwnRoute(tx, scope, routeId);
    const row = await write(tx, route);
    if (!row) return { state: await readState(tx, scope, routeId), changed: false };
    const target = { id: route.id, label: route.title };
    await recordAudit(tx, { actor: change.actor, action, target, now });
    return { state: await readState(tx, scope, routeId), changed: true };
  });
}

/**
 * `live.freeze` ('Congela classifica'): keeps the route's rankings as they are now for every
 * public view. A frozen route keeps its first freeze (no second audit entry); answers whether
 * this call froze it.
 */
export function freezeRouteStandings(
  db: Db,
  change: RouteChange & { timeZone: string },
): Promise<{ state: RouteLiveState; changed: boolean }> {
  const { scope, routeId, now } = change;
  return changeRouteState(db, change, 'live.freeze', async (tx, route) => {
    const rows = await snapshotRouteRankings(tx, { scope, timeZone: change.timeZone, route }, now);
    return freezeRoute(tx, scope, { routeId, email: change.actor.email, rows, now });
  });
}

/** `live.reveal` ('Rivela'): the public views show the real standings; a live route is a no-op. */
export function revealRouteStandings(
  db: Db,
  change: RouteChange,
): Promise<{ state: RouteLiveState; changed: boolean }> {
  const { scope, routeId, now } = change;
  return changeRouteState(db, change, 'live.reveal', (tx) =>
    revealRoute(tx, scope, { routeId, now }),
  );
}
