import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { advanceClock, useFakeClock, waitUntil } from '../../test/fake-clock';
import { ANNA } from '../../test/kits/superadmin-users';
import { renderWithProviders } from '../../test/render-in-router';
import { callKeys, callsTo, errorResponse, jsonResponse, stubApi } from '../../test/stub-api';
import { SuperadminUsersPanel, USER_NOTICE_MS } from './superadmin-users-panel';

/** Renders the panel with Anna listed and opens the New User dialog. */
async function openCreate(handlers = {}) {
  const fetchMock = stubApi({
    'GET /api/platform/users': () => jsonResponse(200, { users: [ANNA] }),
    ...handlers,
  });
  renderWithProviders(<SuperadminUsersPanel />);
  await screen.findByText('anna@tappa.test');
  fireEvent.click(screen.getByRole('button', { name: 'New User' }));
  const dialog = screen.getByRole('dialog', { name: 'New Superadmin User' });
  const fill = (label: string, value: string) =>
    fireEvent.change(within(dialog).getByLabelText(label), { target: { value } });
  return { fetchMock, dialog, fill };
}

describe('the create superadmin user dialog', () => {
  it('checks the e-mail and the password before sending anything', async () => {
    const { fetchMock, dialog, fill } = await openCreate();
    const create = within(dialog).getByRole('button', { name: 'Create User' });
    fireEvent.click(create);
    expect(within(dialog).getAllByText('This field is required')).toHaveLength(2);

    fill('E-mail', 'not-an-email');
    fill('Password', '12345');
    fireEvent.click(create);
    expect(within(dialog).getByText('Enter a valid e-mail address')).toBeTruthy();
    expect(within(dialog).getByText('Password must be at least 6 characters long')).toBeTruthy();
    expect(callKeys(fetchMock)).toEqual(['GET /api/platform/users']);
  });

  it("creates the user, closes and shows 'Superadmin user created successfully!' for 3 s", async () => {
    const { fetchMock, dialog, fill } = await openCreate({
      'POST /api/platform/users': () =>
        jsonResponse(201, { ...ANNA, id: 'u3', email: 'carla@tappa.test', display_name: null }),
    });
    fill('E-mail', ' carla@tappa.test ');
    fill('Password', '123456');
    useFakeClock();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create User' }));

    await waitUntil(() => screen.getByText('Superadmin user created successfully!'));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(callsTo(fetchMock, 'POST', '/api/platform/users')).toEqual([
      { email: 'carla@tappa.test', password: '123456', display_name: null },
    ]);
    await advanceClock(USER_NOTICE_MS - 100);
    expect(screen.getByText('Superadmin user created successfully!')).toBeTruthy();
    await advanceClock(100);
    expect(screen.queryByText('Superadmin user created successfully!')).toBeNull();
  });

  it.each([
    ['email_taken', "Esiste già un utente con l'e-mail carla@tappa.test"],
    ['internal', 'Failed to create auth user'],
  ] as const)('keeps the dialog open with the text of a refusal (%s)', async (code, text) => {
    const { dialog, fill } = await openCreate({
      'POST /api/platform/users': () =>
        code === 'email_taken'
          ? errorResponse(code, { email: 'carla@tappa.test' })
          : errorResponse(code),
    });
    fill('E-mail', 'carla@tappa.test');
    fill('Password', '123456');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create User' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(text);
    expect(screen.getByRole('dialog')).toBeTruthy();
  });
});

describe('the edit superadmin user dialog', () => {
  async function openEdit(handlers = {}) {
    const fetchMock = stubApi({
      'GET /api/platform/users': () => jsonResponse(200, { users: [ANNA] }),
      ...handlers,
    });
    renderWithProviders(<SuperadminUsersPanel />);
    fireEvent.click(await screen.findByRole('button', { name: 'Edit user anna@tappa.test' }));
    return { fetchMock, dialog: screen.getByRole('dialog', { name: 'Edit Superadmin User' }) };
  }

  it('shows the e-mail read-only and keeps the password when left blank', async () => {
    const { fetchMock, dialog } = await openEdit({
      'PUT /api/platform/users/u2': () => jsonResponse(200, { ...ANNA, display_name: 'Anna B.' }),
    });
    const email = within(dialog).getByLabelText('E-mail');
    expect(email).toHaveProperty('value', 'anna@tappa.test');
    expect(email).toHaveProperty('readOnly', true);
    expect(within(dialog).getByText('The e-mail cannot be changed')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('Display name'), {
      target: { value: 'Anna B.' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('User updated successfully!')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(callsTo(fetchMock, 'PUT', '/api/platform/users/u2')).toEqual([
      { display_name: 'Anna B.', password: null },
    ]);
  });

  it('refuses a new password under 6 characters, and sends one of 6', async () => {
    const { fetchMock, dialog } = await openEdit({
      'PUT /api/platform/users/u2': () => jsonResponse(200, ANNA),
    });
    const password = within(dialog).getByLabelText('New password');
    fireEvent.change(password, { target: { value: 'abc' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByText('Password must be at least 6 characters long')).toBeTruthy();
    expect(callsTo(fetchMock, 'PUT', '/api/platform/users/u2')).toEqual([]);

    fireEvent.change(password, { target: { value: 'abcdef' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('User updated successfully!')).toBeTruthy();
    expect(callsTo(fetchMock, 'PUT', '/api/platform/users/u2')).toEqual([
      { display_name: 'Anna', password: 'abcdef' },
    ]);
  });

  it("shows 'User not found' when the account is gone", async () => {
    const { dialog } = await openEdit({
      'PUT /api/platform/users/u2': () => errorResponse('user_not_found'),
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('User not found');
  });
});
