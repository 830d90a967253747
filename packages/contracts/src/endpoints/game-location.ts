import { endpoint, shape } from '../endpoint';
import type { FixRequest, LocationSharingRequest } from '../gameplay';

const GAME = '/api/play/:slug/games/:gameId';

/**
 * A team's position on a route that asks for it (decisions 0086 and 0089): its answer and its
 * fixes. Apart from `games`, so that only the phone's location feature, loaded on such routes,
 * carries them.
 */
export const gameLocation = {
  /**
   * The team's answer on a route that asks for positions (decision 0086): 'Condividi la
   * posizione', 'Gioca senza condividere', 'Sospendi condivisione'.
   */
  shareLocation: endpoint({
    method: 'PUT',
    path: `${GAME}/location`,
    access: 'player',
    body: shape<LocationSharingRequest>(),
    response: shape<LocationSharingRequest>(),
  }),
  /** One position of a sharing team (a fix sent again is kept once). */
  fix: endpoint({
    method: 'POST',
    path: `${GAME}/fixes`,
    access: 'player',
    body: shape<FixRequest>(),
    status: 204,
  }),
  /**
   * The fixes of a sharing team over one kept-open connection, a WebSocket (decision 0089): the
   * phone sends `FixSocketMessage`s and the server answers each with a `FixSocketAnswer` once it
   * is kept or refused, as `fix` would. The handshake comes from the app's own site and is
   * refused, before it is upgraded, as a fix of the game would be (404, 409 …).
   */
  fixSocket: endpoint({
    method: 'GET',
    path: `${GAME}/fixes/socket`,
    access: 'player',
  }),
};
