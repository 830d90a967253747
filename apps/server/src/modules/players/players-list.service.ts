import {
  TENANT_PLAYERS_PAGE_SIZE,
  type TenantPlayersPage,
  type TenantPlayersQuery,
} from '@tappa/contracts';
import { formatInstant } from '@tappa/domain';
import type { Readable } from 'node:stream';
import type { Db } from '../../db/db';
import type { TenantScope } from '../../db/scope';
import { TIME_ZONE_COLUMN, toCsvStream } from '../../infra/csv';
import { listPlayerPage, type PlayerListRow } from './players-list.repository';

const CSV_COLUMNS = [
  'Team Name',
  'Email',
  'Route',
  'Registered At',
  'Game Started',
  TIME_ZONE_COLUMN,
];
/** Rows the CSV export reads per statement. */
const CSV_BATCH = 1000;

/** The search as the repository takes it: surrounding spaces dropped, empty means none. */
function searchOf(q: string | undefined): string | undefined {
  const trimmed = q?.trim();
  return trimmed ? trimmed : undefined;
}

/**
 * A page of the tenant's registered teams (doc 1 §2 Players), newest first, after `cursor`;
 * `next_cursor` is null on the last page (one extra row is read to know).
 */
export async function getPlayersPage(
  db: Db,
  scope: TenantScope,
  opts: TenantPlayersQuery,
): Promise<TenantPlayersPage> {
  const rows = await listPlayerPage(db, scope, {
    search: searchOf(opts.q),
    after: opts.cursor,
    limit: TENANT_PLAYERS_PAGE_SIZE + 1,
  });
  const page = rows.slice(0, TENANT_PLAYERS_PAGE_SIZE);
  const last = page.at(-1);
  return {
    players: page.map((row) => ({ ...row, registered_at: row.registered_at.toISOString() })),
    next_cursor: rows.length > TENANT_PLAYERS_PAGE_SIZE && last ? last.id : null,
  };
}

/** Every matching team, a batch at a time along the same keyset as the pages. */
async function* allPlayers(db: Db, scope: TenantScope, search: string | undefined) {
  let after: string | undefined;
  for (;;) {
    const rows: PlayerListRow[] = await listPlayerPage(db, scope, {
      search,
      after,
      limit: CSV_BATCH,
    });
    yield rows;
    const last = rows.at(-1);
    if (rows.length < CSV_BATCH || !last) return;
    after = last.id;
  }
}

/**
 * The Players CSV (doc 1 §7): Team Name, Email, Route, Registered At (it-IT, the tenant's time
 * zone), Game Started (Yes/No), then the zone's name; streamed; file name `{slug}-players.csv`.
 */
export function exportPlayersCsv(
  db: Db,
  scope: TenantScope,
  opts: { q: string | undefined; timeZone: string },
): { stream: Readable; fileName: string } {
  async function* batches() {
    for await (const rows of allPlayers(db, scope, searchOf(opts.q))) {
      yield rows.map((r) => [
        r.team_name,
        r.email,
        r.route_title ?? '',
        formatInstant(r.registered_at, opts.timeZone, 'dateTime'),
        r.game_started ? 'Yes' : 'No',
        opts.timeZone,
      ]);
    }
  }
  return { stream: toCsvStream(CSV_COLUMNS, batches()), fileName: `${scope.slug}-players.csv` };
}
