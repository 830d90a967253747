import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderPlayerPage, stubPlayApi, TENANT } from '../../test/kits/player';
import { jsonResponse, PLATFORM_BRAND } from '../../test/stub-api';
import { PlayerTenantGate } from './player-tenant-gate';

/** A player page in the gate of the acme tenant. */
const page = <PlayerTenantGate slug="acme">{() => <h1>Pagina</h1>}</PlayerTenantGate>;

describe("the player pages' 'Powered by' footer", () => {
  it("shows the platform's footer logo, not the tenant's", async () => {
    stubPlayApi({
      'GET /api/public/tenants/acme': () =>
        jsonResponse(200, { ...TENANT, footer_logo_url: '/files/acme/footer.png' }),
      'GET /api/public/platform-brand': () =>
        jsonResponse(200, { ...PLATFORM_BRAND, footer_logo_url: '/files/tappa/footer.png' }),
    });
    renderPlayerPage('/:tenantSlug/start', page, '/acme/start');
    const footer = await screen.findByRole('contentinfo');
    expect(within(footer).getByText('Powered by')).toBeTruthy();
    const logo = await within(footer).findByRole('img', { name: 'Tappa' });
    expect(logo.getAttribute('src')).toBe('/files/tappa/footer.png');
  });

  it("falls back to the word 'Tappa' when the platform has no footer logo", async () => {
    stubPlayApi({
      'GET /api/public/tenants/acme': () =>
        jsonResponse(200, { ...TENANT, footer_logo_url: '/files/acme/footer.png' }),
      'GET /api/public/platform-brand': () => jsonResponse(200, PLATFORM_BRAND),
    });
    renderPlayerPage('/:tenantSlug/start', page, '/acme/start');
    const footer = await screen.findByRole('contentinfo');
    expect(await within(footer).findByText('Tappa')).toBeTruthy();
    expect(within(footer).queryByRole('img')).toBeNull();
  });
});
