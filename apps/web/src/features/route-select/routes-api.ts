import type { PlayableRoute } from '@tappa/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api-client';

/** The tenant's active routes, newest first, with the team's games in progress. */
export function usePlayableRoutes(slug: string) {
  return useQuery({
    queryKey: ['play', slug, 'routes'],
    queryFn: async ({ signal }) =>
      (
        await apiRequest<{ routes: PlayableRoute[] }>(
          `/api/play/${encodeURIComponent(slug)}/routes`,
          { signal },
        )
      ).routes,
    // A finished or resumed game changes the 'In corso' badges: always ask again on the way in.
    refetchOnMount: 'always',
  });
}
