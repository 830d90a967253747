import type { GameResult, Rankings, ScoreboardRoutes } from '@tappa/contracts';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { apiRequest } from '../../lib/api-client';

/** The path of a public scoreboard call of the tenant `slug` (`rest` starts with a slash). */
function publicTenantPath(slug: string, rest: string): string {
  return `/api/public/tenants/${encodeURIComponent(slug)}${rest}`;
}

/** `?route=` for one route, nothing for all the tenant's routes. */
export function routeQuery(routeSlug: string | null): string {
  return routeSlug ? `?${new URLSearchParams({ route: routeSlug }).toString()}` : '';
}

/** URL of the rankings of the tenant (all routes) or of one route. */
function rankingsPath(slug: string, routeSlug: string | null): string {
  return publicTenantPath(slug, `/scoreboard${routeQuery(routeSlug)}`);
}

/** URL of the event stream that pushes the same rankings on every change. */
export function rankingsStreamPath(slug: string, routeSlug: string | null): string {
  return publicTenantPath(slug, `/scoreboard/stream${routeQuery(routeSlug)}`);
}

/** URL of the tenant's active routes, as the route filter lists them. */
function scoreboardRoutesPath(slug: string): string {
  return publicTenantPath(slug, '/scoreboard/routes');
}

/** URL of the end-of-game card of one game. */
function gameResultPath(slug: string, gameId: string): string {
  return publicTenantPath(slug, `/games/${encodeURIComponent(gameId)}/result`);
}

/** React Query key of the rankings of a tenant, optionally of one route. */
export function rankingsKey(slug: string, routeSlug: string | null) {
  return ['scoreboard', slug, 'rankings', routeSlug] as const;
}

/** Loads the rankings of the tenant or of one route. */
export function fetchRankings(
  slug: string,
  routeSlug: string | null,
  signal?: AbortSignal,
): Promise<Rankings> {
  return apiRequest<Rankings>(rankingsPath(slug, routeSlug), { signal });
}

/** Loads the tenant's active routes ordered by title. */
function fetchScoreboardRoutes(slug: string, signal?: AbortSignal) {
  return apiRequest<ScoreboardRoutes>(scoreboardRoutesPath(slug), { signal });
}

/** Loads the end-of-game card of one game. */
function fetchGameResult(slug: string, gameId: string, signal?: AbortSignal) {
  return apiRequest<GameResult>(gameResultPath(slug, gameId), { signal });
}

/** The tenant's active routes for the 'Filtra per Route' select. */
export function useScoreboardRoutes(slug: string) {
  return useQuery({
    queryKey: ['scoreboard', slug, 'routes'],
    queryFn: ({ signal }) => fetchScoreboardRoutes(slug, signal),
    staleTime: 60_000,
  });
}

/** The end-of-game card of `gameId`; idle without a game id. */
export function useGameResult(slug: string, gameId: string | null) {
  const query = useQuery({
    queryKey: ['scoreboard', slug, 'game', gameId],
    queryFn: ({ signal }) => fetchGameResult(slug, gameId ?? '', signal),
    enabled: gameId !== null,
    staleTime: 30_000,
  });
  // Doc 2 §8: failed scoreboard loads are only logged; the page goes on without the card.
  useEffect(() => {
    if (query.error) console.error('Game result load failed', query.error);
  }, [query.error]);
  return query;
}
