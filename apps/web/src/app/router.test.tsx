import { screen, waitFor } from '@testing-library/react';
import { loginPathFor } from '@tappa/domain';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LiveMapPanel } from '../features/live-console/live-map-loader';
import { renderRoute } from '../test/render-route';
import { sessionHandler, sessionOf, sessionTenant, stubApi } from '../test/stub-api';
import { APP_ROUTES, preloadPage } from './router';

/** Fills a path pattern's parameters with sample values. */
function sampleUrl(path: string): string {
  return path
    .replace(':tenantSlug', 'demo')
    .replace(':routeSlug', 'giro-del-centro')
    .replace(':routeId', 'route-1');
}

/** Level-1 heading each public page shows to a visitor (the demo tenant does not exist). */
const PUBLIC_HEADINGS: Record<string, string> = {
  '/': 'Benvenuto su Tappa',
  '/login': 'Login',
  '/:tenantSlug/login': 'Tenant non trovato',
  '/reset-password': 'Reset password',
  // Player pages built so far answer an unknown tenant the same way.
  '/:tenantSlug/start': 'Tenant non trovato',
  '/:tenantSlug/select-route': 'Tenant non trovato',
  '/:tenantSlug/gioco': 'Tenant non trovato',
  '/:tenantSlug/:routeSlug/details': 'Tenant non trovato',
  '/:tenantSlug/:routeSlug/payment': 'Tenant non trovato',
  '/:tenantSlug/verify-email': 'Tenant non trovato',
  '/:tenantSlug/continua': 'Tenant non trovato',
  '/:tenantSlug/game/scoreboard': 'Tenant non trovato',
  '/:tenantSlug/classifica': 'Tenant non trovato',
};

/** Player pages that render nothing without their `?route=&game=` query (doc 2 §2 Gameplay). */
const NEEDS_QUERY = new Set([
  '/:tenantSlug/gioco/step',
  '/:tenantSlug/gioco/step/:routeSlug',
  '/:tenantSlug/:routeSlug/play',
]);

const adminRoutes = APP_ROUTES.filter((route) => route.audience === 'admin');
const openRoutes = APP_ROUTES.filter((route) => route.audience !== 'admin');

beforeEach(() => {
  // Signed out: the session answers 401 and unknown calls 404.
  stubApi();
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('app router', () => {
  it("loads the console's map with the page when the address opens the map", async () => {
    const preload = vi.spyOn(LiveMapPanel, 'preload').mockResolvedValue({ default: () => null });
    await preloadPage({ pathname: '/demo/live', search: '?route=route-1' });
    expect(preload).not.toHaveBeenCalled();
    await preloadPage({ pathname: '/demo/live', search: '?route=route-1&view=map' });
    expect(preload).toHaveBeenCalledTimes(1);
  });

  it('renders the Italian landing page at /', async () => {
    const router = renderRoute('/');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Benvenuto su Tappa' }),
    ).toBeTruthy();
    expect(screen.getByText(/cacce al tesoro, percorsi cittadini e avventure urbane/)).toBeTruthy();
    expect(screen.getByText(/l'indirizzo della tua organizzazione/)).toBeTruthy();
    expect(screen.getByText('/<nome-organizzazione>/login')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/');
  });

  it.each(['/a/b/c/d', '/demo', '/demo/unknown-page', '/superadmin/unknown'])(
    'redirects the unknown path %s to /',
    async (url) => {
      const router = renderRoute(url);
      expect(await screen.findByRole('heading', { name: 'Benvenuto su Tappa' })).toBeTruthy();
      expect(router.state.location.pathname).toBe('/');
    },
  );

  it.each([
    ['/demo/start', 'Tenant non trovato'],
    ['/demo/gioco/step?route=giro&game=42', 'Tenant non trovato'],
    ['/demo/gioco/step/giro?game=42', 'Tenant non trovato'],
    ['/demo/giro/play?route=giro&game=42', 'Tenant non trovato'],
    ['/demo/game/scoreboard?route=giro&game=42', 'Tenant non trovato'],
    ['/demo/classifica?route=giro', 'Tenant non trovato'],
    ['/reset-password?token=abc', 'Reset password'],
  ])('renders %s as the %s page without redirecting', async (url, name) => {
    const router = renderRoute(url);
    expect(await screen.findByRole('heading', { level: 1, name })).toBeTruthy();
    expect(router.state.location.pathname).toBe(new URL(url, 'http://x').pathname);
  });

  it('registers every URL of both specs exactly once', () => {
    const paths = APP_ROUTES.map((route) => route.path);
    expect(new Set(paths).size).toBe(paths.length);
    expect(paths).toHaveLength(34);
  });

  it.each(openRoutes.map((route) => [route.path, route] as const))(
    'renders the page of %s to a visitor',
    async (_path, route) => {
      const url = sampleUrl(route.path);
      const router = renderRoute(NEEDS_QUERY.has(route.path) ? `${url}?route=giro&game=42` : url);
      const heading = NEEDS_QUERY.has(route.path)
        ? 'Tenant non trovato'
        : (PUBLIC_HEADINGS[route.path] ?? route.name);
      expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeTruthy();
      expect(router.state.location.pathname).toBe(url);
    },
  );

  it.each(adminRoutes.map((route) => [route.path, route] as const))(
    'sends a visitor of %s to its login page',
    async (_path, route) => {
      const url = sampleUrl(route.path);
      const router = renderRoute(url);
      await waitFor(() => expect(router.state.location.pathname).toBe(loginPathFor(url)));
      expect(router.state.historyAction).toBe('REPLACE');
    },
  );

  it.each(adminRoutes.map((route) => [route.path, route] as const))(
    'renders the page of %s to the superadmin',
    async (_path, route) => {
      stubApi(sessionHandler(sessionOf('superadmin', [sessionTenant('demo', 'superadmin')])));
      const url = sampleUrl(route.path);
      const router = renderRoute(url);
      // Every signed-in page shows links (shell, tabs or cards); the spinner shows none.
      expect((await screen.findAllByRole('link')).length).toBeGreaterThan(0);
      expect(router.state.location.pathname).toBe(url);
    },
  );
});
