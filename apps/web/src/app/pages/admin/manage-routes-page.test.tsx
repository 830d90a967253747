import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderInRouter } from '../../../test/render-in-router';
import { jsonResponse, stubApi } from '../../../test/stub-api';
import { ManageRoutesPage } from './manage-routes-page';

describe('ManageRoutesPage', () => {
  it("shows 'Routes' for the URL's tenant inside the tenant area shell", async () => {
    const fetchMock = stubApi({
      'GET /api/tenants/demo/routes': () => jsonResponse(200, { routes: [] }),
    });
    renderInRouter(
      [{ path: '/:tenantSlug/routes', element: <ManageRoutesPage /> }],
      '/demo/routes',
    );
    expect(screen.getByText('Area Utente')).toBeTruthy();
    const tab = within(screen.getByRole('navigation')).getByRole('link', { name: 'Routes' });
    expect(tab.getAttribute('aria-current')).toBe('page');
    expect(screen.getByRole('heading', { level: 1, name: 'Routes' })).toBeTruthy();
    expect(await screen.findByText('No routes yet. Import one to get started!')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Create Route' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Import Route JSON' })).toBeTruthy();
    expect(fetchMock.mock.calls.map(([input]) => input)).toContain('/api/tenants/demo/routes');
  });
});
