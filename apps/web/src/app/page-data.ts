import {
  live,
  playerRoutes,
  players,
  publicPlatformBrand,
  publicTenants,
  routes,
  session,
} from '@tappa/contracts';
import { MAP_QUERY } from '../features/live-console/console-address';
import type { AppPath } from './route-list';

/**
 * What a page asks the API for as soon as it runs, by the page's path pattern: the paths of
 * endpoints of the table, whose `:slug` is the page's `:tenantSlug`. The server sends these as
 * fetch preloads with `index.html`, so on a slow connection the answers travel alongside the code
 * instead of after it (decision 0041). Only the build reads it (`vite.config.ts`), so the table's
 * declarations stay out of the pages' entry. Each must be a GET the page really makes, with the
 * same URL, or the phone fetches it twice.
 */
const TENANT_PLAYER_DATA = [publicTenants.read, publicPlatformBrand.read, players.profile].map(
  (e) => e.path,
);

export const PAGE_DATA: Partial<Record<AppPath, readonly string[]>> = {
  '/:tenantSlug/start': TENANT_PLAYER_DATA,
  '/:tenantSlug/select-route': [...TENANT_PLAYER_DATA, playerRoutes.list.path],
  '/:tenantSlug/gioco/step': TENANT_PLAYER_DATA,
  '/:tenantSlug/gioco/step/:routeSlug': TENANT_PLAYER_DATA,
  // The organiser's console of all routes: its 1,000 teams' answer comes with the code.
  '/:tenantSlug/live': [
    session.read,
    publicTenants.read,
    publicPlatformBrand.read,
    routes.list,
    live.console,
  ].map((e) => e.path),
};

/**
 * What a page's query asks for beyond the page, by the page's path pattern and a `name=value` of
 * its query: modules (relative to `src/`, without extension) whose chunks the server also
 * preloads when the address has it. The console opened on its map (`?view=map`, decision 0090)
 * gets the map's code alongside its own, not after its own has run.
 */
export const PAGE_QUERY_MODULES: Partial<Record<AppPath, Record<string, readonly string[]>>> = {
  '/:tenantSlug/live': {
    [new URLSearchParams(MAP_QUERY).toString()]: ['features/live-console/live-map-panel'],
  },
};
