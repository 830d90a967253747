import { endpoint, shape } from '../endpoint';
import type { GameLive, TeamLedger } from '../live';

const GAME = '/api/play/:slug/games/:gameId';

/**
 * What a team's phone follows of the organiser's actions (issue 31): its own score ledger
 * ('Perché questi punti') and a stream of its game's live state.
 */
export const gameLive = {
  /** The team's own ledger, oldest first. */
  ledger: endpoint({
    method: 'GET',
    path: `${GAME}/ledger`,
    access: 'player',
    response: shape<TeamLedger>(),
  }),
  /** The game's live state (polled when the stream is down). */
  read: endpoint({
    method: 'GET',
    path: `${GAME}/live`,
    access: 'player',
    response: shape<GameLive>(),
  }),
  /**
   * The game's live state as Server-Sent Events: a `game` event now (unless `Last-Event-ID` is
   * its id) and whenever staff act on the game, `: ping` every 25 s.
   */
  stream: endpoint({ method: 'GET', path: `${GAME}/live/stream`, access: 'player' }),
};
