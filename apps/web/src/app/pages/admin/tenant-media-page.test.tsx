import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { findTile, requestsOf, stubMediaLibrary } from '../../../test/kits/media-library';
import { renderInRouter } from '../../../test/render-in-router';
import { SuperadminMediaPage } from './superadmin-media-page';
import { TenantMediaPage } from './tenant-media-page';

describe('TenantMediaPage', () => {
  it("shows the URL's tenant library inside the tenant area shell", async () => {
    const library = stubMediaLibrary('/api/tenants/demo/media');
    renderInRouter([{ path: '/:tenantSlug/media', element: <TenantMediaPage /> }], '/demo/media');
    expect(screen.getByText('Area Utente')).toBeTruthy();
    // The library's title is the page's one h1 ('Area Utente' names the area, not the page).
    expect(await screen.findByRole('heading', { level: 1, name: 'Media Library' })).toBeTruthy();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(await findTile('Roma')).toBeTruthy();
    expect(requestsOf(library, 'GET')).toEqual(['/api/tenants/demo/media']);
  });
});

describe('SuperadminMediaPage', () => {
  it('shows the global library', async () => {
    const library = stubMediaLibrary('/api/platform/media');
    renderInRouter(
      [{ path: '/superadmin/media', element: <SuperadminMediaPage /> }],
      '/superadmin/media',
    );
    expect(
      await screen.findByRole('heading', { level: 2, name: 'Media Library globale' }),
    ).toBeTruthy();
    expect(await findTile('Roma')).toBeTruthy();
    expect(requestsOf(library, 'GET')).toEqual(['/api/platform/media']);
  });
});
