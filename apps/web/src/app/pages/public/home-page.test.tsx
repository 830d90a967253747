import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderRoute } from '../../../test/render-route';
import {
  callsTo,
  emptyResponse,
  jsonResponse,
  sessionHandler,
  sessionOf,
  sessionTenant,
  stubApi,
} from '../../../test/stub-api';

/** The `href` of the link named `name`. */
function hrefOf(name: string): string | null {
  return screen.getByRole('link', { name }).getAttribute('href');
}

describe('home', () => {
  it('shows the landing page to a visitor of /', async () => {
    stubApi();
    renderRoute('/');
    expect(await screen.findByRole('heading', { name: 'Benvenuto su Tappa' })).toBeTruthy();
  });

  it("shows 'Loading...' at / while the session loads", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<Response>(() => undefined)),
    );
    renderRoute('/');
    expect((await screen.findByRole('status')).textContent).toBe('Loading...');
  });

  it('shows the superadmin a Superadmin card and one card per tenant ordered by name', async () => {
    const tenants = [
      sessionTenant('zeta', 'superadmin', 'Zeta Tour'),
      sessionTenant('acme', 'superadmin', 'Acme Quest'),
    ];
    stubApi(sessionHandler(sessionOf('superadmin', tenants)));
    const router = renderRoute('/');
    const cards = within(await screen.findByRole('main')).getAllByRole('link');
    expect(cards.map((card) => [card.textContent, card.getAttribute('href')])).toEqual([
      ['Superadmin', '/superadmin'],
      ['Acme Questacme', '/acme/dashboard'],
      ['Zeta Tourzeta', '/zeta/dashboard'],
      ['Torna alla home', '/home'],
    ]);
    expect(router.state.location.pathname).toBe('/');
  });

  it("tells a user without a tenant 'No tenant assigned. Please contact an administrator.'", async () => {
    stubApi(sessionHandler(sessionOf('player')));
    renderRoute('/home');
    expect(
      await screen.findByText('No tenant assigned. Please contact an administrator.'),
    ).toBeTruthy();
  });

  it.each(['tenant_admin', 'game_manager'] as const)(
    'shows a %s of one tenant the four cards',
    async (role) => {
      stubApi(sessionHandler(sessionOf(role, [sessionTenant('acme', role, 'Acme Quest')])));
      renderRoute('/home');
      expect(await screen.findByRole('link', { name: 'Impostazioni' })).toBeTruthy();
      expect(hrefOf('Impostazioni')).toBe('/acme/dashboard');
      expect(hrefOf('Routes')).toBe('/acme/routes');
      expect(hrefOf('Play')).toBe('/acme/gioco');
      expect(hrefOf('Scoreboard')).toBe('/acme/scoreboard');
    },
  );

  it('shows a player of one tenant only Play and Scoreboard', async () => {
    stubApi(sessionHandler(sessionOf('player', [sessionTenant('acme', 'player')])));
    renderRoute('/home');
    expect(await screen.findByRole('link', { name: 'Play' })).toBeTruthy();
    expect(hrefOf('Scoreboard')).toBe('/acme/scoreboard');
    expect(screen.queryByRole('link', { name: 'Impostazioni' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Routes' })).toBeNull();
  });

  it("lists several tenants under 'Select a Tenant' with role badges", async () => {
    const tenants = [
      sessionTenant('beta', 'player', 'Beta'),
      sessionTenant('acme', 'tenant_admin', 'Acme'),
      sessionTenant('gamma', 'game_manager', 'Gamma'),
    ];
    stubApi(sessionHandler(sessionOf('tenant_admin', tenants)));
    renderRoute('/home');
    expect(await screen.findByRole('heading', { name: 'Select a Tenant' })).toBeTruthy();
    const links = within(screen.getByRole('list')).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['AcmeAdmin', '/acme/dashboard'],
      ['BetaUser', '/beta/dashboard'],
      ['GammaManager', '/gamma/dashboard'],
    ]);
  });
});

describe('app shell', () => {
  it('shows Dashboard, the name, the role badge and a footer text without a brand logo', async () => {
    stubApi(sessionHandler(sessionOf('tenant_admin', [sessionTenant('acme', 'tenant_admin')])));
    renderRoute('/home');
    const banner = await screen.findByRole('banner');
    expect(within(banner).getByRole('link', { name: 'Dashboard' }).getAttribute('href')).toBe(
      '/home',
    );
    expect(within(banner).queryByRole('link', { name: 'Superadmin' })).toBeNull();
    expect(within(banner).getByText('Mario Rossi')).toBeTruthy();
    expect(within(banner).getByText('Admin')).toBeTruthy();
    expect(within(screen.getByRole('contentinfo')).getByText('Tappa')).toBeTruthy();
  });

  it('shows the e-mail when there is no display name, and no badge for a player', async () => {
    const session = sessionOf('player', [sessionTenant('acme', 'player')], { display_name: null });
    stubApi(sessionHandler(session));
    renderRoute('/home');
    const banner = await screen.findByRole('banner');
    expect(within(banner).getByText('mario@example.com')).toBeTruthy();
    expect(within(banner).queryByText('User')).toBeNull();
  });

  it("shows the platform brand's footer logo", async () => {
    stubApi({
      ...sessionHandler(sessionOf('superadmin')),
      'GET /api/public/platform-brand': () =>
        jsonResponse(200, {
          logo_url: null,
          favicon_url: null,
          footer_logo_url: '/files/brand/footer.png',
          primary_color: '#3B82F6',
          secondary_color: '#10B981',
        }),
    });
    renderRoute('/home');
    const logo = await within(await screen.findByRole('contentinfo')).findByRole('img');
    expect(logo.getAttribute('src')).toBe('/files/brand/footer.png');
  });

  it('signs out and goes to /login', async () => {
    const fetchMock = stubApi({
      ...sessionHandler(sessionOf('superadmin')),
      'POST /api/session/sign-out': () => emptyResponse(),
    });
    const router = renderRoute('/home');
    fireEvent.click(await screen.findByRole('button', { name: 'Sign Out' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(callsTo(fetchMock, 'POST', '/api/session/sign-out')).toHaveLength(1);
    expect(await screen.findByRole('button', { name: 'Sign In' })).toBeTruthy();
  });
});
