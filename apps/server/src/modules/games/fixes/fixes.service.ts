import type { FixRequest, GameTrail, LocationSharingRequest, TeamExport } from '@tappa/contracts';
import {
  FIX_TRAIL_MAX,
  FIX_TRAIL_MS,
  fixRetentionCutoff,
  isFixTimeAcceptable,
} from '@tappa/domain';
import type { Db } from '../../../db/db';
import type { TenantScope } from '../../../db/scope';
import { AppError } from '../../../errors';
import { writeGameOutsideTry } from '../game-writes.repository';
import { findOwnGameWithRoute } from '../games.repository';
import type { FixWriter } from './fix-writer';
import {
  findFixTarget,
  listFixesOfGames,
  listGameFixes,
  listTenantsWithFixes,
  purgeFixesBefore,
} from './fixes.repository';

// The live map's positions (issue 37, decision 0086): a team's answer to a route that asks for
// them, the fixes its phone sends while it shares, the console's trail, the team's export and
// the retention that deletes them.

export { countFixesOfGames } from './fixes.repository';

/**
 * The team's answer ('Condividi la posizione', 'Gioca senza condividere', 'Sospendi
 * condivisione'), on a route that asks for it and a game still on. Answers the game's route.
 */
export async function setLocationSharing(
  db: Db,
  scope: TenantScope,
  opts: { gameId: string; email: string; sharing: LocationSharingRequest['sharing']; now: Date },
): Promise<{ routeId: string }> {
  return db.transaction(async (tx) => {
    const loaded = await findOwnGameWithRoute(tx, scope, { ...opts, lock: true });
    if (!loaded) throw new AppError('game_not_found');
    if (!loaded.route.location_sharing) throw new AppError('location_not_asked');
    if (loaded.game.status === 'completed') throw new AppError('game_over');
    if (loaded.game.location_sharing !== opts.sharing) {
      await writeGameOutsideTry(tx, scope, {
        id: loaded.game.id,
        set: { location_sharing: opts.sharing, last_active_at: opts.now },
      });
    }
    return { routeId: loaded.route.id };
  });
}

/**
 * Keeps one fix of the team's game, with the next group of `writer`: refused when its time is in
 * the future or stale (`fix_time_invalid`), the game another team's (404), finished
 * (`game_over`), on a route that does not ask (`location_not_asked`) or not shared
 * (`location_not_shared`). A fix sent again is kept once. Answers the route when a fix was
 * written (its console is to be told), else null.
 */
export async function recordFix(
  db: Db,
  writer: FixWriter,
  scope: TenantScope,
  opts: { gameId: string; email: string; fix: FixRequest; now: Date },
): Promise<{ routeId: string } | null> {
  const takenAt = new Date(opts.fix.taken_at);
  if (!isFixTimeAcceptable(takenAt.getTime(), opts.now.getTime())) {
    throw new AppError('fix_time_invalid');
  }
  const routeId = await writer.write(scope, {
    gameId: opts.gameId,
    email: opts.email,
    receivedAt: opts.now,
    fix: { lat: opts.fix.lat, lng: opts.fix.lng, accuracyM: opts.fix.accuracy_m, takenAt },
  });
  if (routeId) return { routeId };
  // Nothing written: a refusal, or the same fix sent again.
  await requireFixTarget(db, scope, opts);
  return null;
}

/**
 * The team's game while its fixes are kept: refused when it is another team's (404), finished
 * (`game_over`), on a route that does not ask (`location_not_asked`) or not shared
 * (`location_not_shared`). The fixes' socket asks it at its handshake.
 */
export async function requireFixTarget(
  db: Db,
  scope: TenantScope,
  opts: { gameId: string; email: string },
): Promise<{ routeId: string }> {
  const target = await findFixTarget(db, scope, opts);
  if (!target) throw new AppError('game_not_found');
  if (target.status === 'completed') throw new AppError('game_over');
  if (!target.routeAsks) throw new AppError('location_not_asked');
  if (target.sharing !== 'shared') throw new AppError('location_not_shared');
  return { routeId: target.routeId };
}

/**
 * The console's trail of a game of the tenant: its fixes of the last hour while it shares (none
 * once it declined or suspended). Another tenant's game is a 404.
 */
export async function readTrail(
  db: Db,
  scope: TenantScope,
  opts: { gameId: string; now: Date },
): Promise<GameTrail> {
  const target = await findFixTarget(db, scope, { gameId: opts.gameId });
  if (!target) throw new AppError('game_not_found');
  if (!target.routeAsks || target.sharing !== 'shared') return { game_id: opts.gameId, fixes: [] };
  const rows = await listGameFixes(db, scope, {
    gameId: opts.gameId,
    since: new Date(opts.now.getTime() - FIX_TRAIL_MS),
    limit: FIX_TRAIL_MAX,
  });
  return {
    game_id: opts.gameId,
    fixes: rows.map((row) => ({
      lat: row.lat,
      lng: row.lng,
      accuracy_m: row.accuracy_m,
      at: row.taken_at.toISOString(),
    })),
  };
}

/** Every fix of the tenant's games `gameIds`, for the team's export. */
export async function exportFixes(
  db: Db,
  scope: TenantScope,
  gameIds: readonly string[],
): Promise<TeamExport['fixes']> {
  const rows = await listFixesOfGames(db, scope, gameIds);
  return rows.map((row) => ({
    game_id: row.game_id,
    lat: row.lat,
    lng: row.lng,
    accuracy_m: row.accuracy_m,
    taken_at: row.taken_at.toISOString(),
    received_at: row.received_at.toISOString(),
  }));
}

/** The most fixes one statement of the retention deletes. */
const PURGE_BATCH = 5_000;

/**
 * Deletes every fix older than its tenant's retention at `now` (decision 0086), in batches,
 * counting each into its route's per-step aggregates. Answers how many went.
 */
export async function purgeExpiredFixes(
  db: Db,
  opts: { now: Date; isStopped: () => boolean },
): Promise<number> {
  let total = 0;
  for (const tenant of await listTenantsWithFixes(db)) {
    // The platform's own job, in the tenant (as the scheduled messages act).
    const scope: TenantScope = {
      kind: 'tenant',
      tenantId: tenant.id,
      slug: '',
      role: 'superadmin',
    };
    const cutoff = fixRetentionCutoff(opts.now.getTime(), tenant.days);
    for (;;) {
      if (opts.isStopped()) return total;
      const gone = await purgeFixesBefore(db, scope, { cutoff, limit: PURGE_BATCH });
      total += gone;
      if (gone < PURGE_BATCH) break;
    }
  }
  return total;
}
