import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderRoute } from '../../../test/render-route';
import {
  callsTo,
  emptyResponse,
  jsonResponse,
  PLATFORM_BRAND,
  sessionOf,
  sessionTenant,
  stubApi,
} from '../../../test/stub-api';
import type { StubHandler } from '../../../test/stub-api';

const ACME = {
  id: 'id-acme',
  slug: 'acme',
  name: 'Acme Quest',
  logo_url: '/files/acme/logo.png',
  favicon_url: '/files/acme/favicon.png',
  footer_logo_url: null,
  primary_color: '#3B82F6',
  secondary_color: '#10B981',
  is_available: true,
  status: 'active',
};

/** Stubs the API with the acme tenant plus `handlers`. */
function stubAcme(handlers: Record<string, StubHandler> = {}) {
  return stubApi({ 'GET /api/public/tenants/acme': () => jsonResponse(200, ACME), ...handlers });
}

/** Fills the sign-in form and submits it. */
async function signIn() {
  fireEvent.change(await screen.findByLabelText('Email'), {
    target: { value: 'mario@example.com' },
  });
  fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'secret' } });
  fireEvent.click(screen.getByRole('button', { name: 'Sign In' }));
}

afterEach(() => {
  document.title = 'Tappa';
});

describe('tenant login', () => {
  it("shows 'Loading...' until the tenant is loaded", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<Response>(() => undefined)),
    );
    renderRoute('/acme/login');
    expect((await screen.findByRole('status')).textContent).toBe('Loading...');
  });

  it("shows 'Tenant non trovato' with a link to / for an unknown tenant", async () => {
    stubApi();
    renderRoute('/nope/login');
    expect(await screen.findByRole('heading', { name: 'Tenant non trovato' })).toBeTruthy();
    expect(
      screen.getByRole('link', { name: 'Vai alla pagina iniziale' }).getAttribute('href'),
    ).toBe('/');
  });

  it('shows the logo, the name, the form and the Powered by footer', async () => {
    stubAcme();
    renderRoute('/acme/login');
    expect(await screen.findByRole('heading', { level: 1, name: 'Acme Quest' })).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Logo di Acme Quest' }).getAttribute('src')).toBe(
      ACME.logo_url,
    );
    expect(screen.getByRole('button', { name: 'Forgot password?' })).toBeTruthy();
    const footer = screen.getByRole('contentinfo');
    expect(within(footer).getByText('Powered by')).toBeTruthy();
    expect(await within(footer).findByText('Tappa')).toBeTruthy();
  });

  it("wears the tenant's colours, so its Sign In button is the tenant's", async () => {
    stubApi({
      'GET /api/public/tenants/acme': () =>
        jsonResponse(200, { ...ACME, primary_color: '#C2410C', secondary_color: '#0F766E' }),
    });
    renderRoute('/acme/login');
    await screen.findByRole('heading', { level: 1, name: 'Acme Quest' });
    const main = screen.getByRole('main');
    expect(main.style.getPropertyValue('--color-primary')).toBe('#C2410C');
    expect(main.style.getPropertyValue('--color-secondary')).toBe('#0F766E');
    expect(main.contains(screen.getByRole('button', { name: 'Sign In' }))).toBe(true);
  });

  it("shows the platform's footer logo as 'Powered by', never the tenant's", async () => {
    stubAcme({
      'GET /api/public/tenants/acme': () =>
        jsonResponse(200, { ...ACME, footer_logo_url: '/files/acme/footer.png' }),
      'GET /api/public/platform-brand': () =>
        jsonResponse(200, { ...PLATFORM_BRAND, footer_logo_url: '/files/tappa/footer.png' }),
    });
    renderRoute('/acme/login');
    const footer = await screen.findByRole('contentinfo');
    const logo = await within(footer).findByRole('img', { name: 'Tappa' });
    expect(logo.getAttribute('src')).toBe('/files/tappa/footer.png');
    expect(within(footer).getByText('Powered by')).toBeTruthy();
  });

  it("sets the title and favicon to the tenant's and restores them when leaving", async () => {
    stubAcme();
    const icon = document.createElement('link');
    icon.rel = 'icon';
    icon.href = '/favicon.svg';
    document.head.append(icon);
    const router = renderRoute('/acme/login');
    await waitFor(() => expect(document.title).toBe('Acme Quest - Login'));
    expect(icon.getAttribute('href')).toBe(ACME.favicon_url);
    await router.navigate('/reset-password');
    await waitFor(() => expect(document.title).toBe('Tappa'));
    expect(icon.getAttribute('href')).toBe('/favicon.svg');
    icon.remove();
  });

  it.each([
    ['a tenant admin of acme', sessionOf('tenant_admin', [sessionTenant('acme', 'tenant_admin')])],
    ['the superadmin', sessionOf('superadmin', [sessionTenant('acme', 'superadmin')])],
  ])('sends %s to /acme/dashboard after signing in', async (_who, session) => {
    stubAcme({ 'POST /api/session/sign-in': () => jsonResponse(200, session) });
    const router = renderRoute('/acme/login');
    await signIn();
    await waitFor(() => expect(router.state.location.pathname).toBe('/acme/dashboard'));
    await waitFor(() => expect(screen.queryByLabelText('Email')).toBeNull());
    expect(router.state.location.pathname).toBe('/acme/dashboard');
  });

  it('sends a judge of acme to its review queue after signing in', async () => {
    const judge = sessionOf('judge', [sessionTenant('acme', 'judge')]);
    stubAcme({ 'POST /api/session/sign-in': () => jsonResponse(200, judge) });
    const router = renderRoute('/acme/login');
    await signIn();
    await waitFor(() => expect(router.state.location.pathname).toBe('/acme/live/review'));
  });

  it('refuses a user without a role in the tenant and signs them out', async () => {
    let answerSignOut: (() => void) | undefined;
    const fetchMock = stubAcme({
      'POST /api/session/sign-in': () =>
        jsonResponse(200, sessionOf('tenant_admin', [sessionTenant('beta', 'tenant_admin')])),
      'POST /api/session/sign-out': () =>
        new Promise<Response>((resolve) => {
          answerSignOut = () => resolve(emptyResponse());
        }),
    });
    const router = renderRoute('/acme/login');
    await signIn();
    await waitFor(() =>
      expect(callsTo(fetchMock, 'POST', '/api/session/sign-out')).toHaveLength(1),
    );
    // The notice waits for the sign-out's answer: what it says is then already true.
    expect(screen.queryByRole('alert')).toBeNull();
    answerSignOut?.();
    expect((await screen.findByRole('alert')).textContent).toBe(
      'You do not have access to this tenant',
    );
    expect(router.state.location.pathname).toBe('/acme/login');
    expect(screen.getByRole('heading', { name: 'Acme Quest' })).toBeTruthy();
  });
});
