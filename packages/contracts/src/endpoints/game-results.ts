import { endpoint, shape } from '../endpoint';
import type { GameResult } from '../scoreboards';
import type { TeamResults } from '../team-results';

/**
 * A game's result card, public to anyone with its link (the final scoreboard), and the team's own
 * results ('I nostri risultati'): apart from the team's game (`games`), so that the scoreboard
 * pages do not carry the game's declarations.
 */
export const gameResults = {
  /** The result card of a game. */
  read: endpoint({
    method: 'GET',
    path: '/api/public/tenants/:slug/games/:gameId/result',
    access: 'public-tenant',
    response: shape<GameResult>(),
  }),
  /**
   * The team's own results of its game (decision 0088): its steps, ledger and photos, its place
   * and score; another team's game is `game_not_found`, a game not over `game_not_over`.
   */
  own: endpoint({
    method: 'GET',
    path: '/api/play/:slug/games/:gameId/results',
    access: 'player',
    response: shape<TeamResults>(),
  }),
};
