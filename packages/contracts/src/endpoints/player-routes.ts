import { endpoint, shape } from '../endpoint';
import type {
  PlayableRouteList,
  RedeemCodeRequest,
  RouteDetails,
  StartRouteResponse,
} from '../play';

const ROUTES = '/api/play/:slug/routes';
const ROUTE = `${ROUTES}/:routeSlug`;

/**
 * The route choice of a team (doc 2 §2, §4): the tenant's playable routes, a route's details,
 * starting a route, and an access code.
 */
export const playerRoutes = {
  /** The active routes, newest first, with the games in progress of the team on this phone. */
  list: endpoint({
    method: 'GET',
    path: ROUTES,
    access: 'public-tenant',
    response: shape<PlayableRouteList>(),
  }),
  /** A route's details page (no tasks, no answers); 404 when missing or disabled. */
  details: endpoint({
    method: 'GET',
    path: ROUTE,
    access: 'public-tenant',
    response: shape<RouteDetails>(),
  }),
  /** The team starts a route: the game to play, the access code to ask for, or the price. */
  start: endpoint({
    method: 'POST',
    path: `${ROUTE}/start`,
    access: 'player',
    response: shape<StartRouteResponse>(),
  }),
  /** An access code of a code route; answers the game to play. */
  redeem: endpoint({
    method: 'POST',
    path: `${ROUTE}/redeem`,
    access: 'player',
    body: shape<RedeemCodeRequest>(),
    response: shape<StartRouteResponse>(),
  }),
};
