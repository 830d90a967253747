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
    expect(await screen.findByRole('heading', { level: 2, name: 'Media Library' })).toBeTruthy();
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
