import { and, eq, gt, isNull, lte } from 'drizzle-orm';
import type { Db } from '../../../db/db';
import { gameHandoffCodes } from '../../../db/schema';
import type { TenantScope } from '../../../db/scope';

/** A handoff code row (its hash only). */
export type HandoffCodeRow = typeof gameHandoffCodes.$inferSelect;

/**
 * Stores a new code of the tenant's game; false when a live code of the tenant already has the
 * same hash (the caller draws again).
 */
export async function insertHandoffCode(
  db: Db,
  scope: TenantScope,
  opts: { gameId: string; codeHash: string; expiresAt: Date },
): Promise<boolean> {
  const inserted = await db
    .scoped(scope)
    .insert(gameHandoffCodes, {
      game_id: opts.gameId,
      code_hash: opts.codeHash,
      expires_at: opts.expiresAt,
    })
    .onConflictDoNothing()
    .returning({ id: gameHandoffCodes.id });
  return inserted.length > 0;
}

/** Deletes the tenant's codes that expired before `now`, so their hashes can be drawn again. */
export async function deleteExpiredHandoffCodes(
  db: Db,
  scope: TenantScope,
  now: Date,
): Promise<void> {
  await db.scoped(scope).delete(gameHandoffCodes, lte(gameHandoffCodes.expires_at, now));
}

/**
 * Marks the tenant's code of `codeHash` used, in one conditional statement: of two phones
 * redeeming the same code at once, exactly one gets its game back.
 */
export async function markHandoffCodeUsed(
  db: Db,
  scope: TenantScope,
  opts: { codeHash: string; now: Date },
): Promise<string | null> {
  const [row] = await db
    .scoped(scope)
    .update(
      gameHandoffCodes,
      { used_at: opts.now },
      and(
        eq(gameHandoffCodes.code_hash, opts.codeHash),
        isNull(gameHandoffCodes.used_at),
        gt(gameHandoffCodes.expires_at, opts.now),
      ),
    )
    .returning({ gameId: gameHandoffCodes.game_id });
  return row?.gameId ?? null;
}

/** The tenant's code of `codeHash`, to say why it could not be redeemed. */
export async function findHandoffCode(
  db: Db,
  scope: TenantScope,
  codeHash: string,
): Promise<HandoffCodeRow | null> {
  const [row] = await db
    .scoped(scope)
    .selectFrom(gameHandoffCodes, eq(gameHandoffCodes.code_hash, codeHash))
    .limit(1);
  return row ?? null;
}
