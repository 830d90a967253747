import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/render-in-router';
import { callKeys, callsTo, errorResponse, jsonResponse, stubApi } from '../../test/stub-api';
import { TenantRolesAction } from './tenant-roles-action';
import { dialogs } from '../../lib/dialogs';

const ROLES = '/api/platform/tenants/t2/roles';
const ROLE = {
  user_id: 'u1',
  email: 'anna@example.org',
  display_name: 'Anna',
  role: 'game_manager',
  is_active: true,
  created_at: '2024-03-15T10:00:00.000Z',
};

function openDialog() {
  renderWithProviders(<TenantRolesAction tenant={{ id: 't2', name: 'Beta' }} />);
  fireEvent.click(screen.getByRole('button', { name: 'Roles of Beta' }));
  return screen.getByRole('dialog', { name: 'Roles: Beta' });
}

describe('TenantRolesAction', () => {
  it('lists the accounts with e-mail, name, role badge and active flag', async () => {
    stubApi({ [`GET ${ROLES}`]: () => jsonResponse(200, { roles: [ROLE] }) });
    const dialog = openDialog();
    const row = (await within(dialog).findByText('anna@example.org')).closest('tr')!;
    expect(within(row).getByText('Anna')).toBeTruthy();
    expect(within(row).getByText('Manager', { selector: '.role-badge' })).toBeTruthy();
    expect(within(row).getByText('Active')).toBeTruthy();
  });

  it('says so when nobody has a role there', async () => {
    stubApi({ [`GET ${ROLES}`]: () => jsonResponse(200, { roles: [] }) });
    const dialog = openDialog();
    expect(await within(dialog).findByText('No accounts with a role in this tenant')).toBeTruthy();
  });

  it('adds a role by e-mail and shows the refreshed list', async () => {
    let roles: (typeof ROLE)[] = [];
    const fetchMock = stubApi({
      [`GET ${ROLES}`]: () => jsonResponse(200, { roles }),
      [`POST ${ROLES}`]: () => {
        roles = [{ ...ROLE, role: 'tenant_admin' }];
        return jsonResponse(200, { roles });
      },
    });
    const dialog = openDialog();
    await within(dialog).findByText('No accounts with a role in this tenant');
    fireEvent.change(within(dialog).getByLabelText(/Account e-mail/), {
      target: { value: ' anna@example.org ' },
    });
    fireEvent.change(within(dialog).getByLabelText('Role'), { target: { value: 'tenant_admin' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add role' }));
    expect((await within(dialog).findByRole('status')).textContent).toBe('Role saved');
    expect(await within(dialog).findByText('Admin', { selector: '.role-badge' })).toBeTruthy();
    expect(callsTo(fetchMock, 'POST', ROLES)).toEqual([
      { email: 'anna@example.org', role: 'tenant_admin' },
    ]);
  });

  it("shows the code's text when the e-mail has no account", async () => {
    stubApi({
      [`GET ${ROLES}`]: () => jsonResponse(200, { roles: [] }),
      [`POST ${ROLES}`]: () =>
        errorResponse('role_account_unknown', { email: 'nessuno@example.org' }),
    });
    const dialog = openDialog();
    fireEvent.change(within(dialog).getByLabelText(/Account e-mail/), {
      target: { value: 'nessuno@example.org' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add role' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      "Nessun account con l'e-mail nessuno@example.org",
    );
  });

  it('removes a role only after the confirmation', async () => {
    let roles = [ROLE];
    const fetchMock = stubApi({
      [`GET ${ROLES}`]: () => jsonResponse(200, { roles }),
      [`DELETE ${ROLES}/u1`]: () => {
        roles = [];
        return new Response(null, { status: 204 });
      },
    });
    const confirm = vi
      .spyOn(dialogs, 'confirm')
      .mockResolvedValueOnce(false)
      .mockResolvedValue(true);
    const dialog = openDialog();
    const remove = await within(dialog).findByRole('button', {
      name: 'Remove the role of anna@example.org',
    });
    fireEvent.click(remove);
    expect(confirm).toHaveBeenCalledWith(
      'Remove the role of "anna@example.org" in "Beta"? The account no longer enters this tenant.',
    );
    expect(callKeys(fetchMock)).toEqual([`GET ${ROLES}`]);
    fireEvent.click(remove);
    expect((await within(dialog).findByRole('status')).textContent).toBe('Role removed');
    await waitFor(() => expect(within(dialog).queryByText('anna@example.org')).toBeNull());
    expect(callKeys(fetchMock)).toContain(`DELETE ${ROLES}/u1`);
  });
});
