import type { AlbumSummary } from '../albums';
import { endpoint, shape } from '../endpoint';

const ALBUM = '/api/play/:slug/games/:gameId/album';

/**
 * A team's own photos of its game (decision 0082), for its end-of-game page: apart from `games`,
 * so that the page carries only these declarations.
 */
export const gameAlbum = {
  /** What the ZIP will hold; `album_empty` when the game has no photo. */
  summary: endpoint({
    method: 'GET',
    path: ALBUM,
    access: 'player',
    response: shape<AlbumSummary>(),
  }),
  /** The game's photos as a ZIP (a file, streamed). */
  zip: endpoint({ method: 'GET', path: `${ALBUM}.zip`, access: 'player' }),
};
