import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderRoute } from '../test/render-route';
import { APP_ROUTES } from './router';

/** Fills a path pattern's parameters with sample values. */
function sampleUrl(path: string): string {
  return path.replace(':tenantSlug', 'demo').replace(':routeSlug', 'giro-del-centro');
}

describe('app router', () => {
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
    ['/demo/start', 'Player start'],
    ['/demo/gioco/step?route=giro&game=42', 'Gameplay'],
    ['/demo/gioco/step/giro', 'Gameplay'],
    ['/reset-password?token=abc', 'Reset password'],
    ['/superadmin/media', 'Global media library'],
    ['/demo/media', 'Media library'],
  ])('renders %s as the %s page without redirecting', async (url, name) => {
    const router = renderRoute(url);
    expect(await screen.findByRole('heading', { level: 1, name })).toBeTruthy();
    expect(router.state.location.pathname).toBe(new URL(url, 'http://x').pathname);
  });

  it('registers every URL of both specs exactly once', () => {
    const paths = APP_ROUTES.map((route) => route.path);
    expect(new Set(paths).size).toBe(paths.length);
    expect(paths).toHaveLength(23);
  });

  it.each(APP_ROUTES.map((route) => [route.path, route] as const))(
    'renders the page of %s',
    async (_path, route) => {
      const url = sampleUrl(route.path);
      const router = renderRoute(url);
      const heading =
        route.path === '/' || route.path === '/home' ? 'Benvenuto su Tappa' : route.name;
      expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeTruthy();
      expect(router.state.location.pathname).toBe(url);
    },
  );
});
