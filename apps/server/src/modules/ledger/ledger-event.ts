import type { GameEvent } from '@tappa/contracts';
import type { Db } from '../../db/db';
import type { TenantScope } from '../../db/scope';
import { type LedgerEventRow, listRouteStepIds } from './ledger.repository';

// A ledger event as the staff's and the team's reads and the actions' answers show it.

/** The step numbers (from 1) of a route's steps, by id. */
export async function stepNumbers(db: Db, scope: TenantScope, routeId: string) {
  const ids = await listRouteStepIds(db, scope, routeId);
  return new Map(ids.map((id, i) => [id, i + 1]));
}

/** An event row as the ledger shows it. */
export function presentEvent(row: LedgerEventRow, numbers: Map<string, number>): GameEvent {
  return {
    id: row.id,
    game_id: row.game_id,
    team_name: row.team_name,
    route_id: row.route_id,
    step:
      row.step_id === null
        ? null
        : { id: row.step_id, number: numbers.get(row.step_id) ?? 0, place: row.place ?? '' },
    kind: row.kind,
    points: row.points,
    reason: row.reason,
    details: row.details ?? null,
    actor_email: row.actor_email,
    undoes_id: row.undoes_id,
    undone_by_id: row.undone_by_id,
    at: row.at.toISOString(),
  };
}
