import { gameAlbum, urlOf } from '@tappa/contracts';
import { apiCall } from '../lib/api-client';
import { useQuery } from '../lib/query';

/** Query keys of a team's own photo album (the phone's cache, `lib/query`). */
export const gameAlbumKeys = {
  /** What the album of the team's game holds. */
  summary: (slug: string, gameId: string) => ['play', slug, 'game-album', gameId] as const,
};

/**
 * What the album of the team's game holds (decision 0082); idle without a game id. Anyone but
 * the team (no cookie, another team's) and a game without photos get an error: no album to offer.
 */
export function useGameAlbum(slug: string, gameId: string | null) {
  return useQuery({
    queryKey: gameAlbumKeys.summary(slug, gameId ?? ''),
    queryFn: ({ signal }) =>
      apiCall(gameAlbum.summary, { params: { slug, gameId: gameId ?? '' }, signal }),
    enabled: gameId !== null,
  });
}

/** Where the team's photos are downloaded: a ZIP the browser saves as it streams. */
export function gameAlbumUrl(slug: string, gameId: string): string {
  return urlOf(gameAlbum.zip, { slug, gameId });
}
