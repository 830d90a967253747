import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/render-in-router';
import { callKeys, callsTo, errorResponse, jsonResponse, stubApi } from '../../test/stub-api';
import { OrphanUsersPanel } from './orphan-users-panel';
import { dialogs } from '../../lib/dialogs';

const LIST = 'GET /api/platform/orphan-users';
const ORPHAN = {
  id: 'u1',
  email: 'ex.admin@example.org',
  display_name: 'Ex Admin',
  created_at: '2024-03-15T10:00:00.000Z',
  is_active: false,
};
const TENANTS = [{ id: 't1', slug: 'acme', name: 'Acme', created_at: '2024-01-01T00:00:00Z' }];

const renderPanel = () => renderWithProviders(<OrphanUsersPanel />);

describe('OrphanUsersPanel', () => {
  it("shows 'No orphan users found' when there are none", async () => {
    stubApi({ [LIST]: () => jsonResponse(200, { users: [] }) });
    renderPanel();
    expect(await screen.findByText('No orphan users found')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Orphan Users' })).toBeTruthy();
  });

  it('lists id, e-mail, display name, created date and the active flag', async () => {
    stubApi({ [LIST]: () => jsonResponse(200, { users: [ORPHAN] }) });
    renderPanel();
    const row = (await screen.findByText('ex.admin@example.org')).closest('tr')!;
    const cells = within(row)
      .getAllByRole('cell')
      .map((cell) => cell.textContent);
    expect(cells.slice(0, 5)).toEqual([
      'u1',
      'ex.admin@example.org',
      'Ex Admin',
      '15/03/2024',
      'Inactive',
    ]);
  });

  it('deletes nothing when the confirmation is refused', async () => {
    const fetchMock = stubApi({ [LIST]: () => jsonResponse(200, { users: [ORPHAN] }) });
    const confirm = vi.spyOn(dialogs, 'confirm').mockResolvedValue(false);
    renderPanel();
    fireEvent.click(
      await screen.findByRole('button', { name: 'Delete user ex.admin@example.org' }),
    );
    expect(confirm).toHaveBeenCalledWith(
      'Delete the user "ex.admin@example.org"? The account cannot sign in any more.',
    );
    expect(callKeys(fetchMock)).toEqual([LIST]);
  });

  it("deletes after the confirmation: 'User deleted successfully!' and the empty list", async () => {
    let users = [ORPHAN];
    const fetchMock = stubApi({
      [LIST]: () => jsonResponse(200, { users }),
      'DELETE /api/platform/orphan-users/u1': () => {
        users = [];
        return new Response(null, { status: 204 });
      },
    });
    vi.spyOn(dialogs, 'confirm').mockResolvedValue(true);
    renderPanel();
    fireEvent.click(
      await screen.findByRole('button', { name: 'Delete user ex.admin@example.org' }),
    );
    expect(
      within(await screen.findByRole('status')).getByText('User deleted successfully!'),
    ).toBeTruthy();
    expect(await screen.findByText('No orphan users found')).toBeTruthy();
    expect(callKeys(fetchMock)).toContain('DELETE /api/platform/orphan-users/u1');
  });

  it("shows 'Failed to delete user: …' with the code's text when it is refused", async () => {
    stubApi({
      [LIST]: () => jsonResponse(200, { users: [ORPHAN] }),
      'DELETE /api/platform/orphan-users/u1': () => errorResponse('user_not_orphan'),
    });
    vi.spyOn(dialogs, 'confirm').mockResolvedValue(true);
    renderPanel();
    fireEvent.click(
      await screen.findByRole('button', { name: 'Delete user ex.admin@example.org' }),
    );
    expect(
      within(await screen.findByRole('alert')).getByText(
        "Failed to delete user: L'utente non è più orfano: ha un tenant o un ruolo",
      ),
    ).toBeTruthy();
  });

  it('gives the orphan a role in a chosen tenant, which takes it out of the list', async () => {
    let users = [ORPHAN];
    const fetchMock = stubApi({
      [LIST]: () => jsonResponse(200, { users }),
      'GET /api/platform/tenants': () => jsonResponse(200, { tenants: TENANTS }),
      'POST /api/platform/tenants/t1/roles': () => {
        users = [];
        return jsonResponse(200, { roles: [] });
      },
    });
    renderPanel();
    fireEvent.click(
      await screen.findByRole('button', { name: 'Assign to tenant: ex.admin@example.org' }),
    );
    const dialog = screen.getByRole('dialog', { name: 'Assign ex.admin@example.org to a tenant' });
    const submit = within(dialog).getByRole('button', { name: 'Assign' });
    expect(submit).toHaveProperty('disabled', true);
    fireEvent.change(await within(dialog).findByLabelText('Tenant'), { target: { value: 't1' } });
    fireEvent.change(within(dialog).getByLabelText('Role'), { target: { value: 'tenant_admin' } });
    fireEvent.click(submit);
    expect(
      within(await screen.findByRole('status')).getByText(
        'ex.admin@example.org now has a role in Acme',
      ),
    ).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await screen.findByText('No orphan users found')).toBeTruthy();
    expect(callsTo(fetchMock, 'POST', '/api/platform/tenants/t1/roles')).toEqual([
      { email: 'ex.admin@example.org', role: 'tenant_admin' },
    ]);
  });
});
