import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderInRouter } from '../../../test/render-in-router';
import { TenantDashboardPage } from './tenant-dashboard-page';

describe('TenantDashboardPage', () => {
  it("shows the dashboard of the URL's tenant inside the tenant area shell", async () => {
    const mock = vi.fn<typeof fetch>((input) =>
      Promise.resolve(
        input === '/api/tenants/demo/dashboard'
          ? Response.json({ routes: 2, registrations: 5, activePlayers: 1 })
          : new Response(null, { status: 404 }),
      ),
    );
    vi.stubGlobal('fetch', mock);
    renderInRouter(
      [{ path: '/:tenantSlug/dashboard', element: <TenantDashboardPage /> }],
      '/demo/dashboard',
    );
    expect(screen.getByText('Area Utente')).toBeTruthy();
    const tab = within(screen.getByRole('navigation')).getByRole('link', { name: 'Dashboard' });
    expect(tab.getAttribute('aria-current')).toBe('page');
    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeTruthy();
    // One h1 and one main a page (decision 0068): 'Area Utente' names the area, not the page.
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(screen.getAllByRole('main')).toHaveLength(1);
    expect(screen.getByRole('heading', { name: 'Routes Create' }).parentElement?.textContent).toBe(
      'Routes Create2',
    );
  });

  it('offers a tenant without routes the sample, and shows its route list once imported', async () => {
    const mock = vi.fn<typeof fetch>((input, init) => {
      if (input === '/api/tenants/demo/dashboard') {
        return Promise.resolve(Response.json({ routes: 0, registrations: 0, activePlayers: 0 }));
      }
      if (input === '/api/tenants/demo/routes/sample' && init?.method === 'POST') {
        return Promise.resolve(Response.json({ created: true }, { status: 201 }));
      }
      return Promise.resolve(new Response(null, { status: 404 }));
    });
    vi.stubGlobal('fetch', mock);
    const router = renderInRouter(
      [
        { path: '/:tenantSlug/dashboard', element: <TenantDashboardPage /> },
        { path: '/:tenantSlug/routes', element: <h1>Route list</h1> },
      ],
      '/demo/dashboard',
    );
    const offer = within(await screen.findByRole('region', { name: 'Il primo percorso' }));
    expect(offer.getByRole('button', { name: 'Crea il primo percorso' })).toBeTruthy();
    fireEvent.click(offer.getByRole('button', { name: 'Importa il percorso di esempio' }));
    expect(await screen.findByRole('heading', { name: 'Route list' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/demo/routes');
  });
});
