import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderInRouter } from '../../../test/render-in-router';
import { jsonResponse, stubApi } from '../../../test/stub-api';
import { SuperadminDashboardPage } from './superadmin-dashboard-page';

describe('SuperadminDashboardPage', () => {
  it('gives every tenant row the route tools and Roles before Edit and Delete', async () => {
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
      'Roles',
      'Edit',
      'Delete',
    ]);
  });

  it('opens each panel of the button row, one at a time', async () => {
    stubApi({
      'GET /api/platform/tenants': () => jsonResponse(200, { tenants: [] }),
      'GET /api/platform/users': () => jsonResponse(200, { users: [] }),
      'GET /api/platform/email-settings': () =>
        jsonResponse(200, { sender_email: null, api_key_set: false, api_key_masked: null }),
      'GET /api/platform/audit-log': () => jsonResponse(200, { entries: [], next_before: null }),
      'GET /api/platform/orphan-users': () => jsonResponse(200, { users: [] }),
    });
    renderInRouter([{ path: '/superadmin', element: <SuperadminDashboardPage /> }], '/superadmin');
    fireEvent.click(screen.getByRole('button', { name: 'Manage Users' }));
    expect(await screen.findByText('No superadmin users found')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Settings' }));
    expect(await screen.findByLabelText('API key')).toBeTruthy();
    expect(screen.queryByText('No superadmin users found')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Audit Log' }));
    expect(await screen.findByText('No changes recorded yet')).toBeTruthy();
    expect(screen.queryByLabelText('API key')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Orphan Users' }));
    expect(await screen.findByText('No orphan users found')).toBeTruthy();
    expect(screen.queryByText('No changes recorded yet')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Brand Assets' }));
    expect(await screen.findByRole('button', { name: 'Save Colours' })).toBeTruthy();
    expect(screen.queryByText('No orphan users found')).toBeNull();
  });
});
