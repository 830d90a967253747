/** Who a page is for: anyone, anonymous players, or signed-in administrators. */
export type Audience = 'public' | 'player' | 'admin';

/** One URL of the app: its path pattern, the page's name and its audience. */
export interface AppRouteInfo {
  path: string;
  name: string;
  audience: Audience;
}

/** Every URL of both specs' route tables and the big screen, as data (router and tests use it). */
export const APP_ROUTES = [
  { path: '/', name: 'Home', audience: 'public' },
  { path: '/login', name: 'Login', audience: 'public' },
  { path: '/:tenantSlug/login', name: 'Tenant login', audience: 'public' },
  { path: '/reset-password', name: 'Reset password', audience: 'public' },
  { path: '/home', name: 'Home', audience: 'admin' },
  { path: '/superadmin', name: 'Superadmin dashboard', audience: 'admin' },
  { path: '/superadmin/media', name: 'Global media library', audience: 'admin' },
  { path: '/:tenantSlug/dashboard', name: 'Tenant dashboard', audience: 'admin' },
  { path: '/:tenantSlug/routes', name: 'Manage Routes', audience: 'admin' },
  { path: '/:tenantSlug/routes/:routeId/steps', name: 'Step editor', audience: 'admin' },
  { path: '/:tenantSlug/routes/:routeId/qr-sheet', name: 'QR sheet', audience: 'admin' },
  { path: '/:tenantSlug/access-codes', name: 'Access codes', audience: 'admin' },
  { path: '/:tenantSlug/scoreboard', name: 'Live scoreboard', audience: 'admin' },
  { path: '/:tenantSlug/live', name: 'Live console', audience: 'admin' },
  // Beyond the spec: the photo review queue (issue 34, decision 0083).
  { path: '/:tenantSlug/live/review', name: 'Review', audience: 'admin' },
  // Beyond the spec: the photo wall for a projector (issue 34, decision 0083).
  { path: '/:tenantSlug/live/wall', name: 'Photo wall', audience: 'admin' },
  // Beyond the spec: messages to the teams and their conversations (issue 35, decision 0084).
  { path: '/:tenantSlug/live/messages', name: 'Messages', audience: 'admin' },
  // Beyond the spec: per-step analytics of a route (issue 38, decision 0088).
  { path: '/:tenantSlug/analytics', name: 'Analytics', audience: 'admin' },
  // Beyond the spec: the printable event report and the certificates (issue 38, decision 0088).
  { path: '/:tenantSlug/analytics/report', name: 'Event report', audience: 'admin' },
  { path: '/:tenantSlug/analytics/certificates', name: 'Certificates', audience: 'admin' },
  { path: '/:tenantSlug/settings', name: 'Tenant settings', audience: 'admin' },
  { path: '/:tenantSlug/media', name: 'Media library', audience: 'admin' },
  { path: '/:tenantSlug/start', name: 'Player start', audience: 'player' },
  { path: '/:tenantSlug/select-route', name: 'Route selection', audience: 'player' },
  { path: '/:tenantSlug/gioco', name: 'Play', audience: 'player' },
  { path: '/:tenantSlug/:routeSlug/details', name: 'Route details', audience: 'player' },
  { path: '/:tenantSlug/:routeSlug/payment', name: 'Payment', audience: 'player' },
  { path: '/:tenantSlug/:routeSlug/play', name: 'Route play', audience: 'player' },
  { path: '/:tenantSlug/gioco/step', name: 'Gameplay', audience: 'player' },
  { path: '/:tenantSlug/gioco/step/:routeSlug', name: 'Gameplay', audience: 'player' },
  { path: '/:tenantSlug/game/scoreboard', name: 'End-of-game scoreboard', audience: 'player' },
  { path: '/:tenantSlug/verify-email', name: 'E-mail verification', audience: 'player' },
  // Beyond the spec: a team's second phone joins its game with a code (decision 0066).
  { path: '/:tenantSlug/continua', name: 'Continue on another phone', audience: 'player' },
  // Beyond the spec: the scoreboard for a projector at the event (public, read-only).
  { path: '/:tenantSlug/classifica', name: 'Big-screen scoreboard', audience: 'public' },
] as const satisfies readonly AppRouteInfo[];

/** A registered path pattern. */
export type AppPath = (typeof APP_ROUTES)[number]['path'];
