import { render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../providers';
import { TenantDashboardPage } from './tenant-dashboard-page';

afterEach(() => {
  vi.unstubAllGlobals();
});

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
    const router = createMemoryRouter(
      [{ path: '/:tenantSlug/dashboard', element: <TenantDashboardPage /> }],
      {
        initialEntries: ['/demo/dashboard'],
      },
    );
    render(
      <AppProviders>
        <RouterProvider router={router} />
      </AppProviders>,
    );
    expect(screen.getByText('Area Utente')).toBeTruthy();
    const tab = within(screen.getByRole('navigation')).getByRole('link', { name: 'Dashboard' });
    expect(tab.getAttribute('aria-current')).toBe('page');
    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Routes Create' }).parentElement?.textContent).toBe(
      'Routes Create2',
    );
  });
});
