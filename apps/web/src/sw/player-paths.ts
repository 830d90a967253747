import { games, messages, paramsIn, publicPlatformBrand, publicTenants } from '@tappa/contracts';

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

/** Whether `pathname` is a game's state (not one of its actions, which are POSTs anyway). */
export const isGameState = (pathname: string): boolean => paramsIn(games.state, pathname) !== null;

/** Whether `pathname` is the team's inbox (issue 35), kept so a reload offline still shows it. */
export const isMessagesInbox = (pathname: string): boolean =>
  paramsIn(messages.inbox, pathname) !== null;

/** The slug and game id of a game's pause, `POST …/pause` (decision 0056), else null. */
export const gamePauseIn = (pathname: string) => paramsIn(games.pause, pathname);

/** The public data of a tenant and of the platform that player pages read. */
const PUBLIC_DATA = [
  publicPlatformBrand.read,
  publicTenants.read,
  publicTenants.manifest,
  publicTenants.icon,
];

/** Whether `pathname` is public data player pages read (the brand, the tenant, its manifest). */
export const isPublicData = (pathname: string): boolean =>
  PUBLIC_DATA.some((e) => paramsIn(e, pathname) !== null);
