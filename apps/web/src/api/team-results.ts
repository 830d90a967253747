import { gameResults } from '@tappa/contracts';
import { apiCall } from '../lib/api-client';
import { useQuery } from '../lib/query';

/** Query keys of a team's own results (the phone's cache, `lib/query`). */
export const teamResultsKeys = {
  /** 'I nostri risultati' of the team's game. */
  own: (slug: string, gameId: string) => ['play', slug, 'team-results', gameId] as const,
};

/**
 * The team's own results of its game (decision 0088), read when 'I nostri risultati' opens.
 * Anyone but the team (no cookie, another team's) gets `game_not_found`; a game still playing,
 * `game_not_over`.
 */
export function useTeamResults(slug: string, gameId: string) {
  return useQuery({
    queryKey: teamResultsKeys.own(slug, gameId),
    queryFn: ({ signal }) => apiCall(gameResults.own, { params: { slug, gameId }, signal }),
    staleTime: 30_000,
  });
}
