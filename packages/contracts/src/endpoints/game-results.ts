import { endpoint, shape } from '../endpoint';
import type { GameResult } from '../scoreboards';

/**
 * A game's result card, public to anyone with its link (the final scoreboard): apart from the
 * team's game (`games`), so that the scoreboard pages do not carry the game's declarations.
 */
export const gameResults = {
  /** The result card of a game. */
  read: endpoint({
    method: 'GET',
    path: '/api/public/tenants/:slug/games/:gameId/result',
    access: 'public-tenant',
    response: shape<GameResult>(),
  }),
};
