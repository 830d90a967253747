import { createHash, randomBytes } from 'node:crypto';
import type { PausedGame, PlayerProfile } from '@tappa/contracts';
import { isTenantAvailable } from '@tappa/domain';
import { and, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../../config';
import type { Database } from '../../db/client';
import { emailVerifications } from '../../db/schema';
import type { TenantScope } from '../../db/scope';
import { AppError, notFound } from '../../errors';
import { sendPlatformMail } from '../platform/platform.service';
import { findTenantBySlug, type TenantRow } from '../tenants/tenants.repository';
import { findRegistration, listOpenGames } from './play.repository';

/** Verification links work for 24 hours, once. */
export const VERIFICATION_TTL_MS = 24 * 60 * 60 * 1000;

/** Dependencies of the player services. */
export interface PlayDeps {
  db: Database;
  config: AppConfig;
  logger: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
  now: Date;
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/**
 * How long a tenant read for a player request is reused by this process (decision 0011): every
 * try of every team would otherwise read it again. A change (deactivation, brand, time zone)
 * reaches players within this time on every instance; the expiry date is checked per request.
 */
const PLAYER_TENANT_CACHE_MS = 5_000;
const TENANT_CACHE_MAX = 1_000;
interface CachedTenant {
  tenant: TenantRow;
  readAtMs: number;
}
const tenantCaches = new WeakMap<Database, Map<string, CachedTenant>>();

/** The tenant of `slug`, from this process's short cache or the database (misses not kept). */
async function findPlayerTenant(db: Database, slug: string): Promise<TenantRow | null> {
  let cache = tenantCaches.get(db);
  if (!cache) tenantCaches.set(db, (cache = new Map<string, CachedTenant>()));
  // The process's own clock: tests move the injected game clock, not the cache's age.
  const nowMs = performance.now();
  const cached = cache.get(slug);
  if (cached && nowMs - cached.readAtMs < PLAYER_TENANT_CACHE_MS) return cached.tenant;
  const tenant = await findTenantBySlug(db, slug);
  if (!tenant) {
    cache.delete(slug);
    return null;
  }
  if (cache.size >= TENANT_CACHE_MAX) cache.clear();
  cache.set(slug, { tenant, readAtMs: nowMs });
  return tenant;
}

/**
 * The tenant of a player page with its scope; a tenant that is inactive or past its expiry date
 * provides no services (ARCHITECTURE §4).
 */
export async function requirePlayableTenant(
  db: Database,
  slug: string,
  now: Date,
): Promise<{ tenant: TenantRow; scope: TenantScope }> {
  const tenant = await findPlayerTenant(db, slug);
  if (!tenant) throw notFound('Tenant non trovato');
  const available = isTenantAvailable(
    { isActive: tenant.is_active, expiryDate: tenant.expiry_date },
    now,
    tenant.time_zone,
  );
  if (!available) {
    throw new AppError('tenant_unavailable', 'Questo servizio non è al momento disponibile');
  }
  return {
    tenant,
    scope: { kind: 'tenant', tenantId: tenant.id, slug: tenant.slug, role: 'player' },
  };
}

/** The team's registration and paused games, newest paused game per route (doc 2 §3). */
export async function loadPlayerProfile(
  db: Database,
  scope: TenantScope,
  email: string,
): Promise<PlayerProfile> {
  const registration = await findRegistration(db, scope, email);
  const open = await listOpenGames(db, scope, email);
  const seenRoutes = new Set<string>();
  const paused: PausedGame[] = [];
  for (const row of open) {
    if (row.game.status !== 'paused' || seenRoutes.has(row.game.route_id)) continue;
    seenRoutes.add(row.game.route_id);
    paused.push({
      id: row.game.id,
      route_slug: row.route_slug,
      route_title: row.route_title,
      team_name: row.game.team_name,
      total_score: row.game.total_score,
      step_number: row.game.current_step_index + 1,
      paused_at: row.game.paused_at?.toISOString() ?? null,
    });
  }
  return {
    email,
    registration: registration && {
      email: registration.email,
      team_name: registration.team_name,
      team_members: registration.team_members,
      avatar_url: registration.avatar_url,
    },
    paused_games: paused,
  };
}

/** Sends the e-mail verification link for the start screen (`/{slug}/verify-email?token=…`). */
export async function sendVerificationLink(deps: PlayDeps, tenant: TenantRow, email: string) {
  const token = randomBytes(32).toString('base64url');
  await deps.db.insert(emailVerifications).values({
    token_hash: sha256(token),
    email,
    tenant_id: tenant.id,
    expires_at: new Date(deps.now.getTime() + VERIFICATION_TTL_MS),
  });
  const link = `${deps.config.publicUrl}/${tenant.slug}/verify-email?token=${token}`;
  try {
    await sendPlatformMail(deps, {
      to: email,
      subject: `${tenant.name}: conferma la tua email`,
      text: [
        `Per giocare con ${tenant.name} conferma il tuo indirizzo email aprendo questo link`,
        '(valido 24 ore, una sola volta):',
        link,
        '',
        'Se non sei stato tu, ignora questo messaggio.',
      ].join('\n'),
    });
  } catch (err) {
    deps.logger.error({ err }, 'verification e-mail could not be sent');
    throw new AppError('unavailable', "Errore durante l'invio della email di verifica");
  }
}

/**
 * Checks an e-mailed verification token (doc 2 §4): found, not yet verified and not expired;
 * marks it verified (single use) and returns the e-mail it proves.
 */
export async function verifyEmailToken(
  db: Database,
  scope: TenantScope,
  opts: { token: string; now: Date },
): Promise<string> {
  if (!/^[A-Za-z0-9_-]{20,100}$/.test(opts.token)) {
    throw new AppError('bad_request', 'Token di verifica non valido');
  }
  const hash = sha256(opts.token);
  const [row] = await db
    .select()
    .from(emailVerifications)
    .where(
      and(
        eq(emailVerifications.token_hash, hash),
        eq(emailVerifications.tenant_id, scope.tenantId),
      ),
    )
    .limit(1);
  if (!row) throw new AppError('not_found', 'Token di verifica non trovato');
  if (row.verified) throw new AppError('conflict', 'Questa email è già stata verificata');
  if (row.expires_at.getTime() < opts.now.getTime()) {
    throw new AppError('bad_request', 'Il token di verifica è scaduto');
  }
  // Only the request that flips `verified` wins: a link works once even when opened twice at once.
  const updated = await db
    .update(emailVerifications)
    .set({ verified: true, verified_at: opts.now })
    .where(and(eq(emailVerifications.id, row.id), eq(emailVerifications.verified, false)))
    .returning({ email: emailVerifications.email });
  if (updated.length === 0) throw new AppError('conflict', 'Questa email è già stata verificata');
  return row.email;
}
