import type { SuperadminUser } from '@tappa/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ANNA, BRUNO } from '../../test/kits/superadmin-users';
import { renderWithProviders } from '../../test/render-in-router';
import {
  callKeys,
  callsTo,
  emptyResponse,
  errorResponse,
  jsonResponse,
  stubApi,
} from '../../test/stub-api';
import { SuperadminUsersPanel } from './superadmin-users-panel';
import { dialogs } from '../../lib/dialogs';

const LIST = 'GET /api/platform/users';

/** Renders the panel over a list answering `users` (read again after each write). */
function renderPanel(users: () => SuperadminUser[], handlers = {}) {
  const fetchMock = stubApi({
    [LIST]: () => jsonResponse(200, { users: users() }),
    ...handlers,
  });
  renderWithProviders(<SuperadminUsersPanel />);
  return fetchMock;
}

describe('SuperadminUsersPanel list', () => {
  it('lists e-mail, display name, created date and the status of each superadmin', async () => {
    renderPanel(() => [ANNA, BRUNO]);
    const table = await screen.findByRole('table');
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((cell) => cell.textContent);
    expect(headers).toEqual(['E-mail', 'Display name', 'Created date', 'Status', 'Actions']);
    const rows = within(table).getAllByRole('row').slice(1);
    const cells = rows.map((row) =>
      within(row)
        .getAllByRole('cell')
        .slice(0, 4)
        .map((cell) => cell.textContent),
    );
    expect(cells).toEqual([
      ['anna@tappa.test', 'Anna', '02/05/2024', 'Active'],
      ['bruno@tappa.test', '—', '15/03/2024', 'Inactive'],
    ]);
    expect(screen.getByRole('button', { name: 'Active: deactivate anna@tappa.test' })).toBeTruthy();
    expect(
      screen.getByRole('button', { name: 'Inactive: activate bruno@tappa.test' }),
    ).toBeTruthy();
  });

  it('shows an empty text without superadmins', async () => {
    renderPanel(() => []);
    expect(await screen.findByText('No superadmin users found')).toBeTruthy();
  });
});

describe('SuperadminUsersPanel status button', () => {
  it('deactivates an active superadmin and shows the refreshed status', async () => {
    let anna = ANNA;
    const fetchMock = renderPanel(() => [anna], {
      'PATCH /api/platform/users/u2/active': () => {
        anna = { ...anna, is_active: false };
        return jsonResponse(200, anna);
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: /deactivate anna/ }));
    expect(
      await screen.findByRole('button', { name: 'Inactive: activate anna@tappa.test' }),
    ).toBeTruthy();
    expect(callsTo(fetchMock, 'PATCH', '/api/platform/users/u2/active')).toEqual([
      { is_active: false },
    ]);
  });

  it.each([
    ['own_account_protected', 'Non puoi disattivare né eliminare il tuo account'],
    ['last_superadmin', "L'ultimo superadmin attivo non si può disattivare né eliminare"],
  ] as const)('shows why the server refuses (%s) and keeps the status', async (code, text) => {
    renderPanel(() => [ANNA], {
      'PATCH /api/platform/users/u2/active': () => errorResponse(code),
    });
    fireEvent.click(await screen.findByRole('button', { name: /deactivate anna/ }));
    expect((await screen.findByRole('alert')).textContent).toBe(text);
    expect(screen.getByRole('button', { name: /deactivate anna/ }).textContent).toBe('Active');
  });
});

describe('SuperadminUsersPanel delete', () => {
  it('does not delete when the confirmation is refused', async () => {
    const fetchMock = renderPanel(() => [ANNA]);
    const confirm = vi.spyOn(dialogs, 'confirm').mockResolvedValue(false);
    fireEvent.click(await screen.findByRole('button', { name: 'Delete user anna@tappa.test' }));
    expect(confirm).toHaveBeenCalledWith(
      'Delete the superadmin user "anna@tappa.test"? This cannot be undone.',
    );
    expect(callKeys(fetchMock)).toEqual([LIST]);
  });

  it("deletes after confirmation and shows 'User deleted successfully!'", async () => {
    let users = [ANNA, BRUNO];
    const fetchMock = renderPanel(() => users, {
      'DELETE /api/platform/users/u1': () => {
        users = [ANNA];
        return emptyResponse();
      },
    });
    vi.spyOn(dialogs, 'confirm').mockResolvedValue(true);
    fireEvent.click(await screen.findByRole('button', { name: 'Delete user bruno@tappa.test' }));
    expect(await screen.findByText('User deleted successfully!')).toBeTruthy();
    await waitFor(() => expect(screen.queryByText('bruno@tappa.test')).toBeNull());
    expect(callKeys(fetchMock)).toEqual([LIST, 'DELETE /api/platform/users/u1', LIST]);
  });

  it("shows a refused delete as 'Failed to delete user: ' and the reason", async () => {
    renderPanel(() => [ANNA], {
      'DELETE /api/platform/users/u2': () => errorResponse('own_account_protected'),
    });
    vi.spyOn(dialogs, 'confirm').mockResolvedValue(true);
    fireEvent.click(await screen.findByRole('button', { name: 'Delete user anna@tappa.test' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Failed to delete user: Non puoi disattivare né eliminare il tuo account',
    );
    expect(screen.getByText('anna@tappa.test')).toBeTruthy();
  });
});
