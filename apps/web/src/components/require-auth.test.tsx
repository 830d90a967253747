import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderInRouter } from '../test/render-in-router';
import { renderRoute } from '../test/render-route';
import {
  callsTo,
  emptyResponse,
  sessionHandler,
  sessionOf,
  sessionTenant,
  stubApi,
} from '../test/stub-api';
import { RequireAuth } from './require-auth';

/** Waits until the router has settled on `pathname`. */
async function expectPath(router: { state: { location: { pathname: string } } }, pathname: string) {
  await waitFor(() => expect(router.state.location.pathname).toBe(pathname));
}

/** Renders `url` in a small route table whose pages only name themselves, behind the guards. */
function renderGuarded(url: string) {
  const page = (name: string) => <h1>{name}</h1>;
  return renderInRouter(
    [
      { path: '/home', element: page('Home page') },
      { path: '/login', element: page('Login page') },
      { path: '/:tenantSlug/login', element: page('Tenant login page') },
      {
        element: <RequireAuth role="tenant_admin" />,
        children: [{ path: '/:tenantSlug/routes', element: page('Protected tenant page') }],
      },
      {
        element: <RequireAuth role="superadmin" />,
        children: [{ path: '/superadmin', element: page('Protected superadmin page') }],
      },
      {
        path: '/profile',
        element: <RequireAuth>{page('Protected signed-in page')}</RequireAuth>,
      },
    ],
    url,
  );
}

describe('RequireAuth', () => {
  it("shows 'Loading...' while the session loads", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<Response>(() => undefined)),
    );
    renderGuarded('/profile');
    expect((await screen.findByRole('status')).textContent).toBe('Loading...');
  });

  it.each([
    ['/acme/routes', '/acme/login'],
    ['/acme/dashboard', '/acme/login'],
    ['/superadmin', '/login'],
    ['/superadmin/media', '/login'],
    ['/home', '/login'],
  ])('sends a visitor of %s to %s, replacing the history entry', async (url, login) => {
    stubApi();
    const router = renderRoute(url);
    await expectPath(router, login);
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('treats a session without a profile as signed out', async () => {
    stubApi(sessionHandler({ profile: null, tenants: [] }));
    const router = renderGuarded('/acme/routes');
    await expectPath(router, '/acme/login');
  });

  it("shows 'Your account is inactive' with a sign-out button to an inactive account", async () => {
    stubApi(sessionHandler(sessionOf('superadmin', [], { is_active: false })));
    const router = renderGuarded('/superadmin');
    expect(await screen.findByText('Your account is inactive')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Sign Out' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/superadmin');
  });

  it('lets a game manager of acme into /acme/routes', async () => {
    stubApi(sessionHandler(sessionOf('game_manager', [sessionTenant('acme', 'game_manager')])));
    const router = renderGuarded('/acme/routes');
    expect(await screen.findByRole('heading', { name: 'Protected tenant page' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/acme/routes');
  });

  it('sends a player of acme from /acme/routes to /home', async () => {
    stubApi(sessionHandler(sessionOf('player', [sessionTenant('acme', 'player')])));
    const router = renderGuarded('/acme/routes');
    await expectPath(router, '/home');
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('sends a tenant admin of acme from /beta/routes to /home', async () => {
    stubApi(sessionHandler(sessionOf('tenant_admin', [sessionTenant('acme', 'tenant_admin')])));
    const router = renderGuarded('/beta/routes');
    await expectPath(router, '/home');
  });

  it('lets the superadmin into any tenant area, even one missing from the session', async () => {
    stubApi(sessionHandler(sessionOf('superadmin', [sessionTenant('acme', 'superadmin')])));
    const router = renderGuarded('/beta/routes');
    expect(await screen.findByRole('heading', { name: 'Protected tenant page' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/beta/routes');
  });

  it('sends a tenant admin from /superadmin to /home', async () => {
    stubApi(sessionHandler(sessionOf('tenant_admin', [sessionTenant('acme', 'tenant_admin')])));
    const router = renderGuarded('/superadmin');
    await expectPath(router, '/home');
  });

  it('admits the superadmin to a superadmin page', async () => {
    stubApi(sessionHandler(sessionOf('superadmin')));
    renderGuarded('/superadmin');
    expect(await screen.findByRole('heading', { name: 'Protected superadmin page' })).toBeTruthy();
  });

  it('admits any active signed-in user when no role is required', async () => {
    stubApi(sessionHandler(sessionOf('player')));
    renderGuarded('/profile');
    expect(await screen.findByRole('heading', { name: 'Protected signed-in page' })).toBeTruthy();
  });

  it('signs an inactive account out, back to the login page', async () => {
    const fetchMock = stubApi({
      ...sessionHandler(sessionOf('player', [], { is_active: false })),
      'POST /api/session/sign-out': () => emptyResponse(),
    });
    const router = renderGuarded('/superadmin');
    fireEvent.click(await screen.findByRole('button', { name: 'Sign Out' }));
    await expectPath(router, '/login');
    expect(callsTo(fetchMock, 'POST', '/api/session/sign-out')).toHaveLength(1);
  });

  it('wraps /superadmin in the shell with its title for the superadmin', async () => {
    stubApi(sessionHandler(sessionOf('superadmin')));
    renderRoute('/superadmin');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Superadmin Dashboard' }),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Superadmin' }).getAttribute('href')).toBe(
      '/superadmin',
    );
  });

  it("titles /superadmin/media 'Media Library'", async () => {
    stubApi(sessionHandler(sessionOf('superadmin')));
    renderRoute('/superadmin/media');
    expect(await screen.findByRole('heading', { level: 1, name: 'Media Library' })).toBeTruthy();
  });
});
