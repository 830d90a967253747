// Test support of the player pages (never imported by app code): fixtures, a fetch stub keyed by
// 'METHOD /path' and a memory router rendered inside the app's providers.
import type {
  PausedGame,
  PlayableRoute,
  PlayerProfile,
  PublicTenant,
  RouteDetails,
} from '@tappa/contracts';
import { brandCssVariables } from '@tappa/domain';
import type { ReactNode } from 'react';
import { useLocation } from '../../lib/router';
import { vi } from 'vitest';
import { renderInRouter } from '../render-in-router';
import { errorResponse, jsonResponse, pathOf } from '../stub-api';

/** The tenant every player test plays in. */
export const TENANT = {
  id: 'id-acme',
  slug: 'acme',
  name: 'Acme Quest',
  logo_url: '/files/acme/logo.png',
  favicon_url: null,
  footer_logo_url: null,
  brand_logo_url: null,
  brand_favicon_url: null,
  primary_color: '#E11D48',
  secondary_color: '#10B981',
  brand_style: brandCssVariables({ primary_color: '#E11D48', secondary_color: '#10B981' }),
  payoff: null,
  description: null,
  is_available: true,
  status: 'active',
  time_zone: 'Europe/Rome',
} satisfies PublicTenant;

/** A paused game of the team. */
export const PAUSED_GAME = {
  id: '11111111-1111-4111-8111-111111111111',
  route_slug: 'centro',
  route_title: 'Giro del Centro',
  team_name: 'I Leoni',
  total_score: 42,
  step_number: 3,
  paused_at: '2025-05-04T10:30:00.000Z',
} satisfies PausedGame;

/** A profile: registered ('I Leoni') unless `registration` is null. */
export function profileOf(overrides: Partial<PlayerProfile> = {}): PlayerProfile {
  return {
    email: 'team@example.com',
    registration: {
      email: 'team@example.com',
      team_name: 'I Leoni',
      team_members: 'Anna, Luca',
      avatar_url: '/files/team-avatars/leoni.png',
      photo_wall_consent: false,
    },
    paused_games: [],
    ...overrides,
  };
}

/** A playable route (free, available, no game in progress) with `overrides`. */
export function routeOf(overrides: Partial<PlayableRoute> = {}): PlayableRoute {
  return {
    id: 'route-1',
    slug: 'centro',
    title: 'Giro del Centro',
    description: 'Fontane e piazze.',
    image_url: '/files/route-images/centro.jpg',
    access_type: 'free',
    route_type: 'progressive',
    is_available: true,
    price_cents: null,
    code_price_cents: null,
    in_progress: null,
    ...overrides,
  };
}

/** A route's details (four places) with `overrides`. */
export function detailsOf(overrides: Partial<RouteDetails> = {}): RouteDetails {
  const { in_progress: _inProgress, ...route } = routeOf();
  return {
    ...route,
    key_elements: 'Fontane barocche, piazze',
    places: [
      { ord: 1, place: 'Fontana di Trevi', lat: 41.900932, lng: 12.483313, media_types: ['image'] },
      { ord: 2, place: 'Pantheon', lat: 41.898614, lng: 12.476869, media_types: [] },
      { ord: 3, place: 'Piazza Navona', lat: 41.89897, lng: 12.47311, media_types: ['audio'] },
      { ord: 4, place: 'Campo de Fiori', lat: 41.8957, lng: 12.4722, media_types: ['video'] },
    ],
    total_distance_km: 1.2345,
    ...overrides,
  };
}

/** Answers one stubbed call. */
export type Handler = (init: RequestInit | undefined) => Response | Promise<Response>;

/**
 * Stubs `fetch`: the acme tenant, then `handlers` by 'METHOD /path'; anything else answers 404
 * (GET /me answers 401 unless a handler says otherwise).
 */
export function stubPlayApi(handlers: Record<string, Handler> = {}) {
  const mock = vi.fn<typeof fetch>(async (input, init) => {
    const key = `${init?.method ?? 'GET'} ${pathOf(input)}`;
    const handler = handlers[key];
    if (handler) return handler(init);
    if (key === 'GET /api/public/tenants/acme') return jsonResponse(200, TENANT);
    if (key === 'GET /api/play/acme/me') return errorResponse('player_session_invalid');
    return errorResponse('not_found');
  });
  vi.stubGlobal('fetch', mock);
  return mock;
}

/** The `RequestInit`s of the calls a stub received with a method and path. */
export function requestsTo(mock: ReturnType<typeof stubPlayApi>, method: string, path: string) {
  return mock.mock.calls
    .filter(([input, init]) => (init?.method ?? 'GET') === method && pathOf(input) === path)
    .map(([, init]) => init);
}

/** Shows where the router went (path, query and navigation state) for assertions. */
function LocationProbe() {
  const location = useLocation();
  return (
    <output data-testid="location" data-state={JSON.stringify(location.state ?? null)}>
      {location.pathname + location.search}
    </output>
  );
}

/** Paths the player pages navigate to; each renders a `LocationProbe`. */
const PROBE_PATHS = [
  '/:tenantSlug/start',
  '/:tenantSlug/select-route',
  '/:tenantSlug/gioco/step',
  '/:tenantSlug/:routeSlug/details',
  '/:tenantSlug/:routeSlug/payment',
  '/:tenantSlug/game/scoreboard',
];

/** Renders `element` at `path` (a pattern), opened at `url`; other player paths show a probe. */
export function renderPlayerPage(path: string, element: ReactNode, url: string) {
  const routes = [
    { path, element },
    ...PROBE_PATHS.filter((probe) => probe !== path).map((probe) => ({
      path: probe,
      element: <LocationProbe />,
    })),
  ];
  return renderInRouter(routes, url);
}
