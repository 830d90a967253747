import { endpoint, shape } from '../endpoint';
import type { HandoffCode, RedeemHandoffRequest, RedeemHandoffResponse } from '../handoff';

/**
 * 'Continua su un altro telefono' (decision 0066): the team's phone asks for a short code of its
 * game; another phone redeems it and gets the team's cookie, without an e-mail round trip.
 */
export const handoff = {
  /** A single-use code of the caller's own game, valid for 10 minutes. */
  issue: endpoint({
    method: 'POST',
    path: '/api/play/:slug/games/:gameId/handoff',
    access: 'player',
    response: shape<HandoffCode>(),
  }),
  /** Redeems a code of this tenant: answers its game, with the team's cookie. */
  redeem: endpoint({
    method: 'POST',
    path: '/api/play/:slug/handoff/redeem',
    access: 'public-tenant',
    body: shape<RedeemHandoffRequest>(),
    response: shape<RedeemHandoffResponse>(),
  }),
};
