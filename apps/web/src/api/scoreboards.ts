import {
  gameResults,
  type GameResult,
  type Rankings,
  scoreboards,
  type ScoreboardRoutes,
  urlOf,
} from '@tappa/contracts';
import { useEffect } from 'react';
import { apiCall } from '../lib/api-client';
import { queryOptions, useQuery } from '../lib/query';

/** Query keys of a tenant's public scoreboards (the phone's query cache, `lib/query`). */
export const scoreboardKeys = {
  /** The rankings of the tenant (`routeSlug` null) or of one route. */
  rankings: (slug: string, routeSlug: string | null) =>
    ['scoreboard', slug, 'rankings', routeSlug] as const,
  /** The routes of the 'Filtra per Route' select. */
  routes: (slug: string) => ['scoreboard', slug, 'routes'] as const,
  /** The end-of-game card of one game. */
  gameResult: (slug: string, gameId: string | null) =>
    ['scoreboard', slug, 'game', gameId] as const,
};

/** `?route=` for one route, nothing for all the tenant's routes. */
export function routeQuery(routeSlug: string | null): string {
  return routeSlug ? `?${new URLSearchParams({ route: routeSlug }).toString()}` : '';
}

/** URL of the event stream that pushes the rankings (tenant or one route) on every change. */
export function rankingsStreamPath(slug: string, routeSlug: string | null): string {
  return urlOf(scoreboards.stream, { slug }) + routeQuery(routeSlug);
}

/** The rankings of the tenant (`routeSlug` null) or of one route. */
export function fetchRankings(
  slug: string,
  routeSlug: string | null,
  signal?: AbortSignal,
): Promise<Rankings> {
  return apiCall(scoreboards.rankings, {
    params: { slug },
    query: { route: routeSlug || undefined },
    signal,
  });
}

/** The tenant's active routes ordered by title. */
export function fetchScoreboardRoutes(
  slug: string,
  signal?: AbortSignal,
): Promise<ScoreboardRoutes> {
  return apiCall(scoreboards.routes, { params: { slug }, signal });
}

/** The scoreboard routes query, fresh for a minute. */
export function scoreboardRoutesQueryOptions(slug: string) {
  return queryOptions({
    queryKey: scoreboardKeys.routes(slug),
    queryFn: ({ signal }) => fetchScoreboardRoutes(slug, signal),
    staleTime: 60_000,
  });
}

/** The tenant's active routes for the 'Filtra per Route' select. */
export function useScoreboardRoutes(slug: string) {
  return useQuery(scoreboardRoutesQueryOptions(slug));
}

/** The end-of-game card of one game. */
export function fetchGameResult(
  slug: string,
  gameId: string,
  signal?: AbortSignal,
): Promise<GameResult> {
  return apiCall(gameResults.read, { params: { slug, gameId }, signal });
}

/** The end-of-game card query, fresh for 30 s; idle without a game id. */
export function gameResultQueryOptions(slug: string, gameId: string | null) {
  return queryOptions({
    queryKey: scoreboardKeys.gameResult(slug, gameId),
    queryFn: ({ signal }) => fetchGameResult(slug, gameId ?? '', signal),
    enabled: gameId !== null,
    staleTime: 30_000,
  });
}

/** The end-of-game card of `gameId`; idle without a game id. */
export function useGameResult(slug: string, gameId: string | null) {
  const query = useQuery(gameResultQueryOptions(slug, gameId));
  // Doc 2 §8: failed scoreboard loads are only logged; the page goes on without the card.
  useEffect(() => {
    if (query.error) console.error('Game result load failed', query.error);
  }, [query.error]);
  return query;
}
