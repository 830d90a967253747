import type { PlayableRoute, StartRouteResponse } from '@tappa/contracts';
import {
  EMPTY_CODE_MESSAGE,
  isRouteAvailable,
  NO_PRICE_MESSAGE,
  NOT_AVAILABLE_MESSAGE,
  selectPrice,
} from '@tappa/domain';
import { and, desc, eq } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client';
import { routeAccessCodes, routePricing, routes } from '../../db/schema';
import { inTenant, type TenantScope } from '../../db/scope';
import { AppError, notFound } from '../../errors';
import { findRegistration, listOpenGames, upsertRegistration } from './play.repository';
import { resumeOrCreateGame } from './player-games.service';

type RouteRow = typeof routes.$inferSelect;

/** An active route of the tenant by slug, for players (404 when missing or disabled). */
export async function requireActiveRoute(
  db: Database | Transaction,
  scope: TenantScope,
  slug: string,
) {
  const [route] = await db
    .select()
    .from(routes)
    .where(
      and(inTenant(routes.tenant_id, scope), eq(routes.slug, slug), eq(routes.is_active, true)),
    )
    .limit(1);
  if (!route) throw notFound('Percorso non trovato');
  return route;
}

/** The current price of a paid route in cents, or null when no price list applies now. */
export async function currentPriceCents(
  db: Database,
  route: RouteRow,
  opts: { now: Date; timeZone: string },
) {
  const rows = await db.select().from(routePricing).where(eq(routePricing.route_id, route.id));
  return selectPrice(rows, { now: opts.now, timeZone: opts.timeZone })?.priceCents ?? null;
}

/** What players see of any route: its face, whether it can be played now, and its price. */
export async function presentRouteForPlayers(
  db: Database,
  route: RouteRow,
  opts: { now: Date; timeZone: string },
) {
  return {
    id: route.id,
    slug: route.slug,
    title: route.title,
    description: route.description,
    image_url: route.image_url,
    access_type: route.access_type,
    route_type: route.route_type,
    is_available: isRouteAvailable(
      { dateStart: route.date_start, dateEnd: route.date_end },
      opts.now,
    ),
    price_cents: route.access_type === 'paid' ? await currentPriceCents(db, route, opts) : null,
  };
}

/** The active routes for the selection page, with the team's game in progress on each. */
export async function listPlayableRoutes(
  db: Database,
  scope: TenantScope,
  opts: { email: string | null; now: Date; timeZone: string },
): Promise<PlayableRoute[]> {
  const rows = await db
    .select()
    .from(routes)
    .where(and(inTenant(routes.tenant_id, scope), eq(routes.is_active, true)))
    .orderBy(desc(routes.created_at));
  const open = opts.email ? await listOpenGames(db, scope, opts.email) : [];
  return Promise.all(
    rows.map(async (route) => {
      // In progress: the newest open game of the route whose steps are not all ok or skipped.
      const game = open.find((g) => g.game.route_id === route.id && g.done < g.total);
      return {
        ...(await presentRouteForPlayers(db, route, opts)),
        in_progress: game ? { game_id: game.game.id, done: game.done, total: game.total } : null,
      };
    }),
  );
}

/** Starts the team's game after a free (or unlocked) choice; the registration is completed. */
async function startGame(
  tx: Transaction,
  scope: TenantScope,
  opts: { route: RouteRow; email: string; now: Date },
): Promise<StartRouteResponse> {
  const registration = await findRegistration(tx, scope, opts.email);
  if (!registration) throw new AppError('not_found', 'Registrazione non trovata');
  await upsertRegistration(tx, scope, {
    email: opts.email,
    team_name: registration.team_name,
    route_id: opts.route.id,
    payment_status: 'completed',
  });
  const game = await resumeOrCreateGame(tx, scope, {
    route: opts.route,
    email: opts.email,
    teamName: registration.team_name,
    avatarUrl: registration.avatar_url,
    now: opts.now,
  });
  return { next: 'play' as const, game_id: game.id, route_slug: opts.route.slug };
}

/** Choosing a route (doc 2 §4): play a free or unlocked route, ask for a code, or go to payment. */
export async function chooseRoute(
  db: Database,
  scope: TenantScope,
  opts: { routeSlug: string; email: string; now: Date; timeZone: string },
): Promise<StartRouteResponse> {
  const route = await requireActiveRoute(db, scope, opts.routeSlug);
  if (!isRouteAvailable({ dateStart: route.date_start, dateEnd: route.date_end }, opts.now)) {
    throw new AppError('conflict', NOT_AVAILABLE_MESSAGE);
  }
  switch (route.access_type) {
    case 'free':
      return db.transaction((tx) =>
        startGame(tx, scope, { route, email: opts.email, now: opts.now }),
      );
    case 'code': {
      const [redeemed] = await db
        .select({ id: routeAccessCodes.id })
        .from(routeAccessCodes)
        .where(
          and(
            eq(routeAccessCodes.route_id, route.id),
            eq(routeAccessCodes.used_by_email, opts.email),
          ),
        )
        .limit(1);
      if (!redeemed) return { next: 'code' };
      return db.transaction((tx) =>
        startGame(tx, scope, { route, email: opts.email, now: opts.now }),
      );
    }
    case 'paid': {
      const priceCents = await currentPriceCents(db, route, opts);
      if (priceCents === null) throw new AppError('conflict', NO_PRICE_MESSAGE);
      const registration = await findRegistration(db, scope, opts.email);
      if (!registration) throw new AppError('not_found', 'Registrazione non trovata');
      await upsertRegistration(db, scope, {
        email: opts.email,
        team_name: registration.team_name,
        route_id: route.id,
        payment_status: 'pending',
        payment_amount: (priceCents / 100).toFixed(2),
      });
      return { next: 'payment', price_cents: priceCents, route_id: route.id };
    }
  }
}

/**
 * Redeems an access code for the team and starts its game. The code turns used exactly once:
 * the update only matches an unused code, so of two teams submitting it together one wins.
 */
export async function redeemAccessCode(
  db: Database,
  scope: TenantScope,
  opts: { routeSlug: string; code: string; email: string; now: Date },
): Promise<StartRouteResponse> {
  const code = opts.code.trim().toUpperCase();
  if (!code) throw new AppError('validation_failed', EMPTY_CODE_MESSAGE);
  const route = await requireActiveRoute(db, scope, opts.routeSlug);
  if (route.access_type !== 'code')
    throw new AppError('conflict', 'Codice non valido per questa route');
  return db.transaction(async (tx) => {
    const claimed = await tx
      .update(routeAccessCodes)
      .set({ is_used: true, used_at: opts.now, used_by_email: opts.email })
      .where(
        and(
          inTenant(routeAccessCodes.tenant_id, scope),
          eq(routeAccessCodes.route_id, route.id),
          eq(routeAccessCodes.code, code),
          eq(routeAccessCodes.is_used, false),
        ),
      )
      .returning({ id: routeAccessCodes.id });
    if (claimed.length === 0) {
      const [known] = await tx
        .select({ id: routeAccessCodes.id })
        .from(routeAccessCodes)
        .where(and(eq(routeAccessCodes.route_id, route.id), eq(routeAccessCodes.code, code)))
        .limit(1);
      throw known
        ? new AppError('conflict', 'Questo codice è già stato utilizzato')
        : new AppError('not_found', 'Codice non valido per questa route');
    }
    return startGame(tx, scope, { route, email: opts.email, now: opts.now });
  });
}
