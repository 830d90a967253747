import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/render-in-router';
import { errorResponse } from '../../test/stub-api';
import { TenantDashboardOverview } from './tenant-dashboard-overview';

/** Stubs `fetch` with one answer for every request and returns the mock. */
function stubFetch(response: () => Response) {
  const mock = vi.fn<typeof fetch>(() => Promise.resolve(response()));
  vi.stubGlobal('fetch', mock);
  return mock;
}

function renderOverview() {
  renderWithProviders(<TenantDashboardOverview tenantSlug="demo" />);
}

describe('TenantDashboardOverview', () => {
  it('shows the three counts with their labels, the caption and the Message Board', async () => {
    const mock = stubFetch(() =>
      Response.json({ routes: 3, registrations: 12500, activePlayers: 7 }),
    );
    renderOverview();
    expect(screen.getByRole('status').textContent).toBe('Loading...');

    const routes = await screen.findByRole('heading', { name: 'Routes Create' });
    expect(routes.parentElement?.textContent).toBe('Routes Create3');
    const total = screen.getByRole('heading', { name: 'Giocatori Totali' });
    expect(total.parentElement?.textContent).toBe('Giocatori Totali12.500');
    const active = screen.getByRole('heading', { name: 'Giocatori Attivi' });
    expect(active.parentElement?.textContent).toBe('Giocatori Attivi7ultimi 7 giorni');
    expect(screen.getByRole('heading', { name: 'Message Board' })).toBeTruthy();
    expect(screen.getByText('Funzionalità in arrivo')).toBeTruthy();
    expect(mock.mock.calls[0]?.[0]).toBe('/api/tenants/demo/dashboard');
  });

  it("shows the text of the server's code in a red banner", async () => {
    stubFetch(() => errorResponse('forbidden'));
    renderOverview();
    expect((await screen.findByRole('alert')).textContent).toBe('Accesso negato');
    expect(screen.getByRole('heading', { name: 'Message Board' })).toBeTruthy();
  });

  it('offers the first route only while the tenant has none', async () => {
    stubFetch(() => Response.json({ routes: 0, registrations: 0, activePlayers: 0 }));
    renderWithProviders(
      <TenantDashboardOverview tenantSlug="demo" firstRoute={<p>First route here</p>} />,
    );
    expect(await screen.findByText('First route here')).toBeTruthy();
  });

  it('shows no first-route offer once there are routes', async () => {
    stubFetch(() => Response.json({ routes: 2, registrations: 0, activePlayers: 0 }));
    renderWithProviders(
      <TenantDashboardOverview tenantSlug="demo" firstRoute={<p>First route here</p>} />,
    );
    await screen.findByRole('heading', { name: 'Routes Create' });
    expect(screen.queryByText('First route here')).toBeNull();
  });
});
