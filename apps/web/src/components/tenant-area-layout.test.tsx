import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderInRouter } from '../test/render-in-router';
import { PLATFORM_BRAND, sessionOf, sessionTenant } from '../test/stub-api';
import { useDocumentHead } from '../lib/document-head';
import { queryStore } from '../lib/query';
import { TenantAreaLayout } from './tenant-area-layout';

const PUBLIC_TENANT = {
  id: 't1',
  slug: 'demo',
  name: 'Demo Tours',
  logo_url: '/files/brand-assets/demo/logo.png',
  favicon_url: null,
  footer_logo_url: null,
  primary_color: '#112233',
  secondary_color: '#445566',
  is_available: true,
  status: 'active',
};

/** Stubs the public tenant card and the sign-out call. */
function stubFetch() {
  const mock = vi.fn<typeof fetch>((input, init) => {
    if (input === '/api/public/tenants/demo') {
      return Promise.resolve(Response.json(PUBLIC_TENANT));
    }
    if (input === '/api/session/sign-out' && init?.method === 'POST') {
      return Promise.resolve(new Response(null, { status: 204 }));
    }
    return Promise.resolve(new Response(null, { status: 404 }));
  });
  vi.stubGlobal('fetch', mock);
  return mock;
}

/** Renders the shell around a page at `/demo/routes`, with a stub tenant login page. */
function renderShell() {
  return renderInRouter(
    [
      {
        path: '/:tenantSlug/routes',
        element: (
          <TenantAreaLayout>
            <h1>Routes content</h1>
          </TenantAreaLayout>
        ),
      },
      { path: '/:tenantSlug/login', element: <h1>Tenant login</h1> },
    ],
    '/demo/routes',
  );
}

describe('TenantAreaLayout', () => {
  it.each([
    ['inactive', /non è attivo \(Profilo Attivo spento\)/],
    ['expired', /servizio di questo tenant è scaduto/],
  ] as const)(
    'tells the staff of an %s tenant why players are turned away',
    async (status, text) => {
      vi.stubGlobal(
        'fetch',
        vi.fn<typeof fetch>(() =>
          Promise.resolve(Response.json({ ...PUBLIC_TENANT, is_available: false, status })),
        ),
      );
      renderShell();
      expect((await screen.findByRole('status')).textContent).toMatch(text);
      expect(screen.getByRole('heading', { name: 'Routes content' })).toBeTruthy();
    },
  );

  it('shows no banner for an active tenant', async () => {
    stubFetch();
    renderShell();
    await screen.findByText('Demo Tours');
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('names the browser tab after the tab and the tenant; a page below a tab names itself', async () => {
    stubFetch();
    /** The content of a page below a tab, naming itself as the step editor does. */
    function StepEditor() {
      useDocumentHead({ title: 'Step editor' });
      return <p>steps</p>;
    }
    const router = renderInRouter(
      [
        { path: '/:tenantSlug/routes', element: <TenantAreaLayout>routes</TenantAreaLayout> },
        { path: '/:tenantSlug/media', element: <TenantAreaLayout>media</TenantAreaLayout> },
        {
          path: '/:tenantSlug/routes/:routeId/steps',
          element: (
            <TenantAreaLayout>
              <StepEditor />
            </TenantAreaLayout>
          ),
        },
      ],
      '/demo/routes',
    );
    await waitFor(() => expect(document.title).toBe('Routes - Demo Tours'));
    await router.navigate('/demo/media');
    await waitFor(() => expect(document.title).toBe('Media Library - Demo Tours'));
    await router.navigate('/demo/routes/r1/steps');
    await screen.findByText('steps');
    await waitFor(() => expect(document.title).toBe('Step editor'));
  });
  it("shows 'Area Utente' with the tenant's name and logo around the page", async () => {
    stubFetch();
    renderShell();
    expect(screen.getByText('Area Utente')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Routes content' })).toBeTruthy();
    expect(await screen.findByText('Demo Tours')).toBeTruthy();
    const logo = document.querySelector('.tenant-area__logo');
    expect(logo?.getAttribute('src')).toBe('/files/brand-assets/demo/logo.png');
  });

  it('links the eight tabs under the slug and highlights the current one', () => {
    stubFetch();
    renderShell();
    const nav = screen.getByRole('navigation');
    const tabs = within(nav)
      .getAllByRole('link')
      .map((link) => [link.textContent, link.getAttribute('href')]);
    expect(tabs).toEqual([
      ['Dashboard', '/demo/dashboard'],
      ['Routes', '/demo/routes'],
      ['Codici Accesso', '/demo/access-codes'],
      ['Play', '/demo/select-route'],
      ['Scoreboard', '/demo/scoreboard'],
      ['Live', '/demo/live'],
      ['Analisi', '/demo/analytics'],
      ['Impostazioni', '/demo/settings'],
    ]);
    const current = within(nav).getByRole('link', { name: 'Routes' });
    expect(current.getAttribute('aria-current')).toBe('page');
    expect(current.className).toContain('tenant-area__tab--active');
    const other = within(nav).getByRole('link', { name: 'Dashboard' });
    expect(other.getAttribute('aria-current')).toBeNull();
  });

  it("shows a judge only 'Revisione' and 'Muro foto'", async () => {
    const judge = sessionOf('judge', [sessionTenant('demo', 'judge')]);
    vi.stubGlobal(
      'fetch',
      vi.fn<typeof fetch>((input) => {
        if (input === '/api/public/tenants/demo')
          return Promise.resolve(Response.json(PUBLIC_TENANT));
        if (input === '/api/session') return Promise.resolve(Response.json(judge));
        return Promise.resolve(new Response(null, { status: 404 }));
      }),
    );
    renderShell();
    const nav = screen.getByRole('navigation');
    await waitFor(() =>
      expect(
        within(nav)
          .getAllByRole('link')
          .map((link) => [link.textContent, link.getAttribute('href')]),
      ).toEqual([
        ['Revisione', '/demo/live/review'],
        ['Muro foto', '/demo/live/wall'],
      ]),
    );
  });

  it("signs out with 'Esci' and goes to the tenant's login", async () => {
    const mock = stubFetch();
    const router = renderShell();
    fireEvent.click(screen.getByRole('button', { name: 'Esci' }));
    expect(await screen.findByRole('heading', { name: 'Tenant login' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/demo/login');
    await waitFor(() =>
      expect(mock.mock.calls.some(([url]) => url === '/api/session/sign-out')).toBe(true),
    );
    const signOut = mock.mock.calls.find(([url]) => url === '/api/session/sign-out');
    expect(signOut?.[1]?.method).toBe('POST');
  });
});

describe('TenantAreaLayout footer', () => {
  it("shows the tenant's footer logo, else the platform's", async () => {
    const answer = (footer: string | null) =>
      vi.stubGlobal(
        'fetch',
        vi.fn<typeof fetch>((input) => {
          if (input === '/api/public/tenants/demo') {
            return Promise.resolve(Response.json({ ...PUBLIC_TENANT, footer_logo_url: footer }));
          }
          if (input === '/api/public/platform-brand') {
            return Promise.resolve(
              Response.json({ ...PLATFORM_BRAND, footer_logo_url: '/files/tappa/footer.png' }),
            );
          }
          return Promise.resolve(new Response(null, { status: 404 }));
        }),
      );
    answer('/files/demo/footer.png');
    renderShell();
    const own = await within(await screen.findByRole('contentinfo')).findByRole('img');
    expect(own.getAttribute('src')).toBe('/files/demo/footer.png');
    // Another visit: nothing kept of the first one's tenant.
    cleanup();
    queryStore.clear();

    answer(null);
    renderShell();
    const platform = await within(await screen.findByRole('contentinfo')).findByRole('img', {
      name: 'Tappa',
    });
    expect(platform.getAttribute('src')).toBe('/files/tappa/footer.png');
  });
});
