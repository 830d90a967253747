import type { PlayableRoute, RouteDetails, StartRouteResponse } from '@tappa/contracts';
import {
  formatEuroAmount,
  isRouteAvailable,
  routeDistanceKm,
  takesAccessCodes,
} from '@tappa/domain';
import type { Db } from '../../db/db';
import type { TenantScope } from '../../db/scope';
import { AppError } from '../../errors';
import { hasRedeemedCode, redeemCode } from '../access-codes/access-codes.service';
import { hasPaidForRoute } from '../payments/checkout.service';
import { lockRegistration, recordRouteChoice } from '../players/players.service';
import { currentPrice, currentPriceCents } from '../pricing/pricing.service';
import type { TenantReadCache } from '../../infra/read-cache';
import {
  listActiveRoutesCached,
  listSteps,
  requireActiveRoute,
  requirePlayableRoute,
  type RouteRow,
} from '../routes/routes.service';
import { isHeldByRefund, listOpenGames, resumeOrCreateGame } from './games.service';

/** When the choice is made, and in which time zone the tenant's price lists are written. */
interface ChoiceTime {
  now: Date;
  timeZone: string;
}

/**
 * What players see of any route: its face, whether it can be played now, its price, and what a
 * discount code would make it (the amount only, never the code: decision 0058).
 */
async function presentRouteForPlayers(
  db: Db,
  scope: TenantScope,
  route: RouteRow,
  time: ChoiceTime,
) {
  const price =
    route.access_type === 'paid'
      ? await currentPrice(db, scope, { routeId: route.id, ...time })
      : null;
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
      time.now,
    ),
    price_cents: price?.priceCents ?? null,
    code_price_cents: price?.codePriceCents ?? null,
  };
}

/** The active routes for the selection page, with the team's game in progress on each. */
export async function listPlayableRoutes(
  db: Db,
  scope: TenantScope,
  opts: ChoiceTime & { email: string | null; activeRoutes: TenantReadCache<RouteRow[]> },
): Promise<PlayableRoute[]> {
  const rows = await listActiveRoutesCached(db, scope, opts.activeRoutes);
  const open = opts.email ? await listOpenGames(db, scope, opts.email) : [];
  return Promise.all(
    rows.map(async (route) => {
      // In progress: the newest open game of the route whose steps are not all ok or skipped,
      // unless the route was paid for and refunded (decision 0046): then it asks for payment.
      let game = open.find((g) => g.game.route_id === route.id && g.done < g.total);
      if (
        game &&
        opts.email &&
        route.access_type === 'paid' &&
        (await isHeldByRefund(db, scope, { email: opts.email, routeId: route.id }))
      ) {
        game = undefined;
      }
      return {
        ...(await presentRouteForPlayers(db, scope, route, opts)),
        in_progress: game ? { game_id: game.game.id, done: game.done, total: game.total } : null,
      };
    }),
  );
}

/** The route details page: places with their media hints and the total distance, no tasks. */
export async function loadRouteDetails(
  db: Db,
  scope: TenantScope,
  opts: ChoiceTime & { routeSlug: string },
): Promise<RouteDetails> {
  const route = await requireActiveRoute(db, scope, opts.routeSlug);
  const rows = await listSteps(db, scope, route.id);
  return {
    ...(await presentRouteForPlayers(db, scope, route, opts)),
    key_elements: route.key_elements,
    places: rows.map((r) => ({
      ord: r.ord,
      place: r.place,
      lat: r.lat,
      lng: r.lng,
      media_types: [...new Set(r.media.map((m) => m.type))],
    })),
    total_distance_km: routeDistanceKm(rows),
  };
}

/** Starts the team's game after a free (or unlocked) choice; the registration is completed. */
async function startGame(
  tx: Db,
  scope: TenantScope,
  opts: { route: RouteRow; email: string; now: Date },
): Promise<StartRouteResponse> {
  const registration = await recordRouteChoice(tx, scope, {
    email: opts.email,
    routeId: opts.route.id,
    payment: { status: 'completed' },
  });
  const game = await resumeOrCreateGame(tx, scope, {
    routeId: opts.route.id,
    email: opts.email,
    teamName: registration.team_name,
    avatarUrl: registration.avatar_url,
    now: opts.now,
  });
  return { next: 'play', game_id: game.id, route_slug: opts.route.slug };
}

/**
 * Choosing a route (doc 2 §4): play a free, unlocked or paid-for route, ask for a code, or go to
 * payment.
 */
export async function chooseRoute(
  db: Db,
  scope: TenantScope,
  opts: ChoiceTime & { routeSlug: string; email: string },
): Promise<StartRouteResponse> {
  const route = await requirePlayableRoute(db, scope, opts.routeSlug, opts.now);
  const start = () =>
    db.transaction((tx) => startGame(tx, scope, { route, email: opts.email, now: opts.now }));
  switch (route.access_type) {
    case 'free':
      return start();
    case 'code': {
      const unlocked = await hasRedeemedCode(db, scope, { routeId: route.id, email: opts.email });
      return unlocked ? start() : { next: 'code' };
    }
    case 'paid': {
      // Paid through the signed webhook (decision 0044), or unlocked by the organiser's access
      // code (decision 0045): played like a free route.
      if (
        (await hasPaidForRoute(db, scope, { email: opts.email, routeId: route.id })) ||
        (await hasRedeemedCode(db, scope, { routeId: route.id, email: opts.email }))
      ) {
        return start();
      }
      const priceCents = await currentPriceCents(db, scope, { routeId: route.id, ...opts });
      if (priceCents === null) throw new AppError('route_without_price');
      await recordRouteChoice(db, scope, {
        email: opts.email,
        routeId: route.id,
        payment: { status: 'pending', amountEuro: formatEuroAmount(priceCents) },
      });
      return { next: 'payment', price_cents: priceCents, route_id: route.id };
    }
  }
}

/**
 * Redeems an access code for the team and starts its game, in one transaction: the code turns
 * used exactly once, so of two teams submitting it together one wins. A team uses up one code per
 * route: once the route is unlocked, another code starts the same game and stays unused (the
 * team's registration is locked, so codes sent at once by one team take turns).
 */
export async function redeemAccessCode(
  db: Db,
  scope: TenantScope,
  opts: { routeSlug: string; code: string; email: string; now: Date },
): Promise<StartRouteResponse> {
  const code = opts.code.trim().toUpperCase();
  if (!code) throw new AppError('access_code_missing');
  const route = await requireActiveRoute(db, scope, opts.routeSlug);
  if (!takesAccessCodes(route.access_type)) throw new AppError('route_without_codes');
  return db.transaction(async (tx) => {
    if (!(await lockRegistration(tx, scope, opts.email))) {
      throw new AppError('registration_not_found');
    }
    const unlocked = await hasRedeemedCode(tx, scope, { routeId: route.id, email: opts.email });
    if (!unlocked) {
      await redeemCode(tx, scope, { routeId: route.id, code, email: opts.email, now: opts.now });
    }
    return startGame(tx, scope, { route, email: opts.email, now: opts.now });
  });
}
