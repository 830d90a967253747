import { createHash, randomInt as cryptoRandomInt } from 'node:crypto';
import type { HandoffCode, RedeemHandoffResponse } from '@tappa/contracts';
import {
  generateHandoffCode,
  HANDOFF_CODE_TTL_MS,
  normalizeHandoffCode,
  type RandomInt,
} from '@tappa/domain';
import type { Db } from '../../../db/db';
import type { TenantScope } from '../../../db/scope';
import { AppError } from '../../../errors';
import { findGameWithRoute, findOwnGameWithRoute } from '../games.repository';
import {
  deleteExpiredHandoffCodes,
  findHandoffCode,
  insertHandoffCode,
  markHandoffCodeUsed,
} from './handoff.repository';

/** Draws before giving up on a free code (with 32^6 ≈ 10^9 codes, a second draw is rare). */
const MAX_DRAWS = 5;

/** The stored form of a code: its hash, so the table never lists a code that still works. */
export const handoffCodeHash = (code: string) => createHash('sha256').update(code).digest('hex');

/**
 * 'Continua su un altro telefono' (decision 0066): a new single-use code of the team's own game,
 * valid for `HANDOFF_CODE_TTL_MS`. A finished game has nothing to continue.
 */
export async function issueHandoffCode(
  deps: { db: Db; now: Date; randomInt?: RandomInt },
  scope: TenantScope,
  opts: { gameId: string; email: string },
): Promise<HandoffCode> {
  const { db, now } = deps;
  const randomInt = deps.randomInt ?? cryptoRandomInt;
  return db.transaction(async (tx) => {
    const own = await findOwnGameWithRoute(tx, scope, opts);
    if (!own) throw new AppError('game_not_found');
    if (own.game.status === 'completed') throw new AppError('handoff_game_finished');
    await deleteExpiredHandoffCodes(tx, scope, now);
    const expiresAt = new Date(now.getTime() + HANDOFF_CODE_TTL_MS);
    for (let draw = 0; draw < MAX_DRAWS; draw++) {
      const code = generateHandoffCode(randomInt);
      const codeHash = handoffCodeHash(code);
      if (await insertHandoffCode(tx, scope, { gameId: own.game.id, codeHash, expiresAt })) {
        return { code, expires_at: expiresAt.toISOString() };
      }
    }
    throw new Error(`No free handoff code after ${MAX_DRAWS} draws`);
  });
}

/**
 * Redeems a code of this tenant (a code of another tenant is unknown here): marks it used and
 * answers its game and the team's e-mail, for the second phone's cookie. Nothing is used up
 * when the game is already finished.
 */
export async function redeemHandoffCode(
  db: Db,
  scope: TenantScope,
  opts: { code: string; now: Date },
): Promise<RedeemHandoffResponse & { email: string }> {
  const code = normalizeHandoffCode(opts.code);
  if (code === null) throw new AppError('handoff_code_invalid');
  const codeHash = handoffCodeHash(code);
  return db.transaction(async (tx) => {
    const gameId = await markHandoffCodeUsed(tx, scope, { codeHash, now: opts.now });
    if (gameId === null) throw await refusalOf(tx, scope, codeHash);
    const game = await findGameWithRoute(tx, scope, gameId);
    if (!game) throw new AppError('handoff_code_invalid');
    if (game.status === 'completed') throw new AppError('handoff_game_finished');
    return { game_id: game.id, route_slug: game.route.slug, email: game.owner_email };
  });
}

/** Why a code of the tenant could not be redeemed: used, expired, or never issued here. */
async function refusalOf(db: Db, scope: TenantScope, codeHash: string): Promise<AppError> {
  const row = await findHandoffCode(db, scope, codeHash);
  if (!row) return new AppError('handoff_code_invalid');
  return new AppError(row.used_at ? 'handoff_code_used' : 'handoff_code_expired');
}
