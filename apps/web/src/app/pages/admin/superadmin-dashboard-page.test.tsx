import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderInRouter } from '../../../test/render-in-router';
import { jsonResponse, stubApi } from '../../../test/stub-api';
import { SuperadminDashboardPage } from './superadmin-dashboard-page';

describe('SuperadminDashboardPage', () => {
  it('gives every tenant row the route tools before Edit and Delete', async () => {
    stubApi({
      'GET /api/platform/tenants': () =>
        jsonResponse(200, {
          tenants: [{ id: 't1', slug: 'acme', name: 'Acme', created_at: '2024-03-15T10:00:00Z' }],
        }),
    });
    renderInRouter([{ path: '/superadmin', element: <SuperadminDashboardPage /> }], '/superadmin');
    const row = (await screen.findByText('Acme')).closest('tr');
    expect(row).not.toBeNull();
    const buttons = within(row ?? document.body)
      .getAllByRole('button')
      .map((button) => button.textContent);
    expect(buttons).toEqual([
      'Reset daily scoreboard',
      'Manage routes',
      'Import route',
      'Edit',
      'Delete',
    ]);
  });
});
