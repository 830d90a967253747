import { randomBytes, randomInt, randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import type { App } from '../../src/app';
import type { Db } from '../../src/db/db';
import {
  games,
  gameSteps,
  gameEvents,
  liveHeartbeat,
  mediaFiles,
  mediaFolders,
  payments,
  routeAccessCodes,
  routePricing,
  routes,
  steps,
  teamRegistrations,
  type tenants,
  users,
  reviewItems,
  messages,
} from '../../src/db/schema';
import type { StorageDriver } from '../../src/infra/storage/storage';
import { playerCookieName, playerCookieValue } from '../../src/modules/access/player-cookie';
import { rawDb } from './database';
import { makeTenant, makeUser } from './factories';

/** One tenant's records the sweep's calls name: fresh for each endpoint that may change them. */
export interface TenantWorld {
  tenantId: string;
  slug: string;
  routeId: string;
  routeSlug: string;
  /** A paid route with a price list that applies in 2026 (the payment endpoints'). */
  paidRouteSlug: string;
  paidRouteId: string;
  /** The team's pending payment of the paid route (the staff's payments list and refund). */
  paymentId: string;
  stepId: string;
  photoStepId: string;
  pricingId: string;
  code: string;
  codeId: string;
  email: string;
  /** The team's registration (the Players tab's team). */
  teamId: string;
  /** The `cookie` header of the team that owns `gameId`. */
  teamCookie: string;
  gameId: string;
  /** The same team's game of an exploration route, which the team may finish. */
  explorationGameId: string;
  /** The photo step's game step, with a stored photo. */
  gameStepId: string;
  /** A staff adjustment of `gameId` not undone (the live console's undo). */
  adjustmentEventId: number;
  reviewItemId: string;
  /** A review item already approved (what an undo takes back). */
  decidedItemId: string;
  /** An announcement to every team, scheduled far ahead (what a cancel takes back). */
  messageId: string;
  /** A game manager of the tenant (a profile without an identity), for the Admin Users tab. */
  staffId: string;
  /** A folder of the tenant's media library, and a file in it that no step uses. */
  mediaFolderId: string;
  mediaFileId: string;
}

const suffix = () => randomBytes(4).toString('hex');

/** A small JPEG, for photos. */
export const jpeg = () =>
  sharp({ create: { width: 8, height: 8, channels: 3, background: '#888' } })
    .jpeg()
    .toBuffer();

/** The `cookie` header a browser holds after proving `email` to the tenant. */
export function teamCookie(app: App, tenantId: string, email: string): string {
  return `${playerCookieName(tenantId)}=${encodeURIComponent(app.signCookie(playerCookieValue(tenantId, email)))}`;
}

/**
 * Creates, for the tenant, a code route with a text step (with a hint to take) and a photo step,
 * a price list row, an unused access code, a paid route with its price list, and a registered
 * team whose game is on the text step and has a stored photo and a scoreboard row, and who also
 * plays an exploration route (without steps).
 */
export async function makeWorld(
  deps: { app: App; db: Db; storage: StorageDriver },
  tenant: typeof tenants.$inferSelect,
): Promise<TenantWorld> {
  const db = rawDb(deps.db);
  const tenantId = tenant.id;
  const routeSlug = `giro-${suffix()}`;
  const [route] = await db
    .insert(routes)
    .values({
      tenant_id: tenantId,
      slug: routeSlug,
      title: 'Giro',
      access_type: 'code',
      geolocation_enabled: false,
    })
    .returning();
  const step = { route_id: route!.id, lat: 41.9, lng: 12.5, radius_m: 30, task: 'Conta' };
  const [text, photo] = await db
    .insert(steps)
    .values([
      {
        ...step,
        ord: 1,
        place: 'Fontana',
        check_type: 'text',
        check_answer: '4',
        // A hint after its own, unlocked at once (decision 0085): the team may take it.
        hints: [{ text: 'Conta le vasche', cost: 2, unlock_after_s: 0 }],
      },
      { ...step, ord: 2, place: 'Ponte', check_type: 'photo' },
    ])
    .returning();
  const [pricing] = await db
    .insert(routePricing)
    .values({
      tenant_id: tenantId,
      route_id: route!.id,
      date_from: '2026-01-01',
      date_to: '2026-12-31',
      cost_euro: '5.00',
    })
    .returning();
  const paidRouteSlug = `pagato-${suffix()}`;
  const [paidRoute] = await db
    .insert(routes)
    .values({ tenant_id: tenantId, slug: paidRouteSlug, title: 'Pagato', access_type: 'paid' })
    .returning();
  await db.insert(routePricing).values({
    tenant_id: tenantId,
    route_id: paidRoute!.id,
    date_from: '2026-01-01',
    date_to: '2026-12-31',
    cost_euro: '5.00',
  });
  const code = `C${suffix().toUpperCase()}`.slice(0, 8).replace(/[IO01]/g, 'X');
  const [accessCode] = await db
    .insert(routeAccessCodes)
    .values({ tenant_id: tenantId, route_id: route!.id, code })
    .returning();
  const email = `team-${suffix()}@example.org`;
  const [team] = await db
    .insert(teamRegistrations)
    .values({ tenant_id: tenantId, email, team_name: 'Civette' })
    .returning();
  const [payment] = await db
    .insert(payments)
    .values({
      tenant_id: tenantId,
      registration_id: team!.id,
      route_id: paidRoute!.id,
      email,
      team_name: 'Civette',
      list_price_cents: 500,
      amount_cents: 500,
      checkout_session_id: `cs_test_sweep_${suffix()}${suffix()}`,
    })
    .returning();
  const [game] = await db
    .insert(games)
    .values({
      tenant_id: tenantId,
      route_id: route!.id,
      team_name: 'Civette',
      owner_email: email,
      status: 'active',
    })
    .returning();
  const [exploration] = await db
    .insert(routes)
    .values({
      tenant_id: tenantId,
      slug: `passeggiata-${suffix()}`,
      title: 'Passeggiata',
      route_type: 'exploration',
    })
    .returning();
  const [explorationGame] = await db
    .insert(games)
    .values({
      tenant_id: tenantId,
      route_id: exploration!.id,
      team_name: 'Civette',
      owner_email: email,
      status: 'active',
    })
    .returning();
  const [textStep, photoStep] = await db
    .insert(gameSteps)
    .values([
      // Reached: the step the game is on, its clock started.
      {
        game_id: game!.id,
        step_id: text!.id,
        status: 'pending',
        started_ms: Date.UTC(2026, 10, 22),
      },
      { game_id: game!.id, step_id: photo!.id, status: 'pending' },
    ])
    .returning();
  await deps.storage.put({
    bucket: 'game-photos',
    key: `${tenantId}/${photoStep!.id}.jpg`,
    body: await jpeg(),
    contentType: 'image/jpeg',
  });
  await db
    .update(gameSteps)
    .set({ photo_url: `/api/play/${tenant.slug}/photos/${photoStep!.id}?v=1` })
    .where(eq(gameSteps.id, photoStep!.id));
  await db.insert(liveHeartbeat).values({
    tenant_id: tenantId,
    route_id: route!.id,
    team_name: 'Civette',
    email,
    score: 5,
  });
  const [adjustment] = await db
    .insert(gameEvents)
    .values({
      tenant_id: tenantId,
      route_id: route!.id,
      game_id: game!.id,
      kind: 'adjustment',
      points: 5,
      reason: 'Sweep',
      at: new Date('2026-11-22T10:00:00Z'),
    })
    .returning();
  const [item] = await db
    .insert(reviewItems)
    .values({
      tenant_id: tenantId,
      route_id: route!.id,
      game_id: game!.id,
      game_step_id: photoStep!.id,
      step_id: photo!.id,
      kind: 'photo',
      photo_url: `/api/play/${tenant.slug}/photos/${photoStep!.id}?v=1`,
      provisional_points: 5,
    })
    .returning();
  const [decision] = await db
    .insert(gameEvents)
    .values({
      tenant_id: tenantId,
      route_id: route!.id,
      game_id: game!.id,
      step_id: text!.id,
      kind: 'review',
      points: 0,
      details: { decision: 'approve', reopened: false, step_number: 1 },
      at: new Date('2026-11-22T10:00:00Z'),
    })
    .returning();
  const [decided] = await db
    .insert(reviewItems)
    .values({
      tenant_id: tenantId,
      route_id: route!.id,
      game_id: game!.id,
      game_step_id: textStep!.id,
      step_id: text!.id,
      kind: 'text',
      answer: 'Sweep',
      provisional_points: 5,
      status: 'approved',
      decided_points: 5,
      decision_event_id: decision!.id,
    })
    .returning();
  const [message] = await db
    .insert(messages)
    .values({
      tenant_id: tenantId,
      kind: 'announcement',
      author: 'staff',
      audience: 'tenant',
      body: 'Sweep',
      send_at: new Date('2099-01-01T10:00:00Z'),
      action_id: randomUUID(),
    })
    .returning();
  const media = await makeLibraryFile(deps, tenantId);
  const [staff] = await db
    .insert(users)
    .values({ email: `manager-${suffix()}@example.org`, role: 'game_manager', tenant_id: tenantId })
    .returning();
  return {
    mediaFolderId: media.folderId,
    mediaFileId: media.fileId,
    staffId: staff!.id,
    tenantId,
    slug: tenant.slug,
    routeId: route!.id,
    routeSlug,
    paidRouteSlug,
    paidRouteId: paidRoute!.id,
    paymentId: payment!.id,
    stepId: text!.id,
    photoStepId: photo!.id,
    pricingId: pricing!.id,
    code,
    codeId: accessCode!.id,
    email,
    teamId: team!.id,
    teamCookie: teamCookie(deps.app, tenantId, email),
    gameId: game!.id,
    explorationGameId: explorationGame!.id,
    gameStepId: photoStep!.id,
    adjustmentEventId: adjustment!.id,
    reviewItemId: item!.id,
    decidedItemId: decided!.id,
    messageId: message!.id,
  };
}

/** A folder of a media library (a tenant's, or the global one for null) with a stored file in it. */
async function makeLibraryFile(deps: { db: Db; storage: StorageDriver }, tenantId: string | null) {
  const db = rawDb(deps.db);
  const [folder] = await db
    .insert(mediaFolders)
    .values({ tenant_id: tenantId, name: 'Foto', path: '/Foto' })
    .returning();
  const key = `${tenantId ?? 'global'}/sweep-${suffix()}.jpg`;
  await deps.storage.put({
    bucket: 'media-library',
    key,
    body: await jpeg(),
    contentType: 'image/jpeg',
  });
  const [file] = await db
    .insert(mediaFiles)
    .values({
      tenant_id: tenantId,
      folder_id: folder!.id,
      storage_path: key,
      filename: 'foto.jpg',
      mime_type: 'image/jpeg',
      size_bytes: 100,
      unique_code: `sweep${suffix()}`,
    })
    .returning();
  return { folderId: folder!.id, fileId: file!.id };
}

/** The platform's records the superadmin's routes name, beside a tenant's world. */
export interface PlatformSpares {
  /** A tenant to administer (edit, delete, give roles in). */
  spareTenantId: string;
  /** A superadmin account to administer. */
  spareUserId: string;
  /** An account with no tenant and no role: an orphan. */
  spareOrphanId: string;
  /** The e-mail of the world tenant's admin, to be given a role in the spare tenant. */
  spareAccountEmail: string;
  /** A folder of the global media library, and a file in it. */
  globalFolderId: string;
  globalFileId: string;
  /** An archive in the backup folder (its name; the bytes are no backup). */
  spareArchive: string;
}

/** Spares nobody names (another tenant's world, reached only by its slug). */
export const NO_SPARES: PlatformSpares = {
  spareTenantId: '',
  spareUserId: '',
  spareOrphanId: '',
  spareAccountEmail: '',
  globalFolderId: '',
  globalFileId: '',
  spareArchive: '',
};

/** Fresh spares, the account being an admin of `tenant`. */
export async function makeSpares(
  deps: { db: Db; storage: StorageDriver; backupDir: string },
  tenant: typeof tenants.$inferSelect,
): Promise<PlatformSpares> {
  const { db } = deps;
  const stamp = String(randomInt(1_000_000_000)).padStart(9, '0');
  const spareArchive = `tappa-backup-2026-01-01T00-00-00-${stamp}Z.tar.gz`;
  await mkdir(deps.backupDir, { recursive: true });
  await writeFile(path.join(deps.backupDir, spareArchive), 'not a backup');
  const spare = await makeTenant(db);
  const superadmin = await makeUser(db, { role: 'superadmin' });
  // Profiles without an identity: a password hash each would make the sweep slow.
  const profile = (role: 'game_manager' | 'tenant_admin', tenantId: string | null) => ({
    email: `${role}-${suffix()}@example.org`,
    role,
    tenant_id: tenantId,
  });
  const [orphan, account] = await rawDb(db)
    .insert(users)
    .values([profile('game_manager', null), profile('tenant_admin', tenant.id)])
    .returning();
  const global = await makeLibraryFile(deps, null);
  return {
    globalFolderId: global.folderId,
    globalFileId: global.fileId,
    spareTenantId: spare.id,
    spareUserId: superadmin.userId,
    spareOrphanId: orphan!.id,
    spareAccountEmail: account!.email,
    spareArchive,
  };
}
