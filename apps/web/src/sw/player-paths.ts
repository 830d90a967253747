/**
 * The player pages' URLs (route-list.ts, audience 'player' and the big screen): the only pages the
 * service worker opens offline. Admin pages, `/api` and `/files` always go to the network.
 */
export const PLAYER_PAGE =
  /^\/[^/]+\/(start|select-route|gioco(\/.*)?|game\/scoreboard|verify-email|classifica|[^/]+\/(details|payment|play))\/?$/;

/** Top-level paths that are never a tenant's (ARCHITECTURE §4): never a player page. */
export const RESERVED_FIRST = /^\/(api|files|assets|login|home|superadmin|reset-password)(\/|$)/;

/** Whether `pathname` is a player page the service worker may open from its cache. */
export function isPlayerPage(pathname: string): boolean {
  return PLAYER_PAGE.test(pathname) && !RESERVED_FIRST.test(pathname);
}

/** A game's state: `/api/play/{slug}/games/{id}` (not its actions, which are POSTs anyway). */
export const GAME_STATE = /^\/api\/play\/[^/]+\/games\/[^/]+$/;

/** A game's pause, `POST /api/play/{slug}/games/{id}/pause`: the slug and the game id (0056). */
export const GAME_PAUSE = /^\/api\/play\/([^/]+)\/games\/([^/]+)\/pause$/;

/** Public data of a tenant and of the platform that player pages read. */
export const PUBLIC_DATA =
  /^\/api\/public\/(platform-brand$|tenants\/[^/]+(\/manifest[^/]*(\/.*)?)?$)/;
