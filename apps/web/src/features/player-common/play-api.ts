import type { PlayerProfile, Registration, StartRouteResponse } from '@tappa/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { apiRequest } from '../../lib/api-client';

/** The path of a player API call of the tenant `slug` (`rest` starts with a slash). */
export function playApiPath(slug: string, rest: string): string {
  return `/api/play/${encodeURIComponent(slug)}${rest}`;
}

/** The gameplay URL of a game (doc 2 §2). */
export function gameplayPath(slug: string, routeSlug: string, gameId: string): string {
  const query = new URLSearchParams({ route: routeSlug, game: gameId });
  return `/${slug}/gioco/step?${query.toString()}`;
}

/** React Query key of the team identified on this phone (`GET /me`). */
export function playerProfileKey(slug: string) {
  return ['play', slug, 'me'] as const;
}

/**
 * The team identified on this phone by its cookie; fails with status 401 when there is none.
 * `fresh` asks the server again on mount instead of trusting the cache (the start screen).
 */
export function usePlayerProfile(slug: string, { fresh = false } = {}) {
  return useQuery({
    queryKey: playerProfileKey(slug),
    queryFn: ({ signal }) => apiRequest<PlayerProfile>(playApiPath(slug, '/me'), { signal }),
    staleTime: 30_000,
    refetchOnWindowFocus: false,
    refetchOnMount: fresh ? 'always' : true,
  });
}

/** Functions that keep the cached profile in step with what the start screen learnt. */
export function useProfileCache(slug: string) {
  const client = useQueryClient();
  const setProfile = useCallback(
    (profile: PlayerProfile) => client.setQueryData(playerProfileKey(slug), profile),
    [client, slug],
  );
  const setRegistration = useCallback(
    (registration: Registration) =>
      client.setQueryData<PlayerProfile>(playerProfileKey(slug), (previous) => ({
        email: registration.email,
        paused_games: previous?.paused_games ?? [],
        registration,
      })),
    [client, slug],
  );
  const forget = useCallback(
    () => client.removeQueries({ queryKey: playerProfileKey(slug) }),
    [client, slug],
  );
  return { setProfile, setRegistration, forget };
}

/** `POST /games/{id}/resume`: sets a paused game of the team active again. */
export function resumeGame(slug: string, gameId: string): Promise<StartRouteResponse> {
  return apiRequest<StartRouteResponse>(
    playApiPath(slug, `/games/${encodeURIComponent(gameId)}/resume`),
    { method: 'POST' },
  );
}
