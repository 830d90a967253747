import { screen, within } from '@testing-library/react';
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
});
