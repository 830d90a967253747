import { meetsRequiredRole, roleInTenant } from '@tappa/domain';
import { and, eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Database } from '../../db/client';
import { games, gameSteps, tenants } from '../../db/schema';
import type { TenantScope } from '../../db/scope';
import { AppError, notFound } from '../../errors';
import { checkImage } from '../../infra/images';
import type { StorageDriver } from '../../infra/storage/storage';
import { readPlayerEmail } from '../play/player-cookie';
import { findOwnGameWithRoute } from './gameplay.repository';

/** Game photos are private: stored under the tenant, one file per game step (a retake overwrites). */
const photoKey = (tenantId: string, gameStepId: string) => `${tenantId}/${gameStepId}.jpg`;

/**
 * Stores the team's photo for a pending photo step (checked by content, re-encoded as JPEG) and
 * records its URL; the step is then solved by the next submission.
 */
export async function uploadStepPhoto(
  deps: { db: Database; storage: StorageDriver; now: Date },
  scope: TenantScope,
  opts: { gameId: string; stepId: string; email: string; file: Buffer },
): Promise<{ photo_url: string }> {
  const loaded = await findOwnGameWithRoute(deps.db, scope, {
    gameId: opts.gameId,
    email: opts.email,
  });
  if (!loaded) throw notFound('Gioco non trovato');
  const [gameStep] = await deps.db
    .select()
    .from(gameSteps)
    .where(and(eq(gameSteps.game_id, loaded.game.id), eq(gameSteps.step_id, opts.stepId)))
    .limit(1);
  if (!gameStep) throw notFound('Tappa non trovata');
  if (gameStep.status !== 'pending')
    throw new AppError('conflict', 'Questa tappa è già stata completata');
  const image = await checkImage(opts.file, {
    allowed: ['jpeg', 'png', 'webp'],
    maxDimensionPx: 2048,
    label: 'Foto',
  });
  const key = photoKey(scope.tenantId, gameStep.id);
  await deps.storage.put({
    bucket: 'game-photos',
    key,
    body: image.body,
    contentType: image.contentType,
  });
  const url = `/api/photos/${gameStep.id}?v=${deps.now.getTime()}`;
  await deps.db.update(gameSteps).set({ photo_url: url }).where(eq(gameSteps.id, gameStep.id));
  return { photo_url: url };
}

/**
 * The photo of a game step for the team that took it or the tenant's staff; anyone else gets the
 * same 404 as for a photo that does not exist.
 */
export async function readStepPhoto(
  deps: { db: Database; storage: StorageDriver },
  request: FastifyRequest,
  gameStepId: string,
) {
  const [row] = await deps.db
    .select({ gameStep: gameSteps, game: games, tenant: tenants })
    .from(gameSteps)
    .innerJoin(games, eq(games.id, gameSteps.game_id))
    .innerJoin(tenants, eq(tenants.id, games.tenant_id))
    .where(eq(gameSteps.id, gameStepId))
    .limit(1);
  if (!row?.gameStep.photo_url) throw notFound('Foto non trovata');
  const isTeam = readPlayerEmail(request, row.tenant.id) === row.game.owner_email;
  const caller = isTeam ? null : await request.caller();
  const role = caller?.profile?.is_active
    ? roleInTenant(caller.profile, caller.tenantRoles, row.tenant.id)
    : null;
  if (!isTeam && !meetsRequiredRole(role, 'tenant_admin')) throw notFound('Foto non trovata');
  const file = await deps.storage.get('game-photos', photoKey(row.tenant.id, row.gameStep.id));
  if (!file) throw notFound('Foto non trovata');
  return file;
}
