import type { StaffMember } from '@tappa/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../test/render-in-router';
import {
  callsTo,
  errorResponse,
  jsonResponse,
  sessionHandler,
  sessionOf,
  sessionTenant,
  stubApi,
} from '../../test/stub-api';
import { TenantStaffTab } from './tenant-staff-tab';

const LIST = 'GET /api/tenants/acme/staff';
const ADMIN: StaffMember = {
  user_id: 'u1',
  email: 'anna@acme.test',
  display_name: 'Anna',
  role: 'tenant_admin',
  is_active: true,
  origin: 'own',
  created_at: '2026-01-02T10:00:00.000Z',
};
const GUEST: StaffMember = {
  ...ADMIN,
  user_id: 'u2',
  email: 'gino@beta.test',
  display_name: null,
  role: 'game_manager',
  is_active: false,
  origin: 'role',
};

/** Renders the tab for a caller of `role` over a list answering `staff()`. */
function renderTab(
  role: 'tenant_admin' | 'game_manager',
  staff: () => StaffMember[],
  handlers = {},
) {
  const fetchMock = stubApi({
    ...sessionHandler(sessionOf(role, [sessionTenant('acme', role)])),
    [LIST]: () => jsonResponse(200, { staff: staff() }),
    ...handlers,
  });
  renderWithProviders(<TenantStaffTab tenantSlug="acme" />);
  return fetchMock;
}

describe('TenantStaffTab', () => {
  it('lists e-mail, name, role badge and status; admins get the write buttons', async () => {
    renderTab('tenant_admin', () => [ADMIN, GUEST]);
    const table = await screen.findByRole('table');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(
      rows.map((row) =>
        within(row)
          .getAllByRole('cell')
          .slice(0, 4)
          .map((cell) => cell.textContent),
      ),
    ).toEqual([
      ['anna@acme.test', 'Anna', 'Admin', 'Attivo'],
      ['gino@beta.testaccount di un altro tenant', '—', 'Manager', 'Non attivo'],
    ]);
    expect(await screen.findByRole('button', { name: 'Aggiungi admin' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Rimuovi anna@acme.test' })).toBeTruthy();
  });

  it('shows a game manager the list without write controls', async () => {
    renderTab('game_manager', () => [ADMIN]);
    expect(
      await screen.findByText(
        'Solo gli admin del tenant possono aggiungere, modificare o rimuovere admin.',
      ),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Aggiungi admin' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Rimuovi anna@acme.test' })).toBeNull();
  });

  it('shows the empty text', async () => {
    renderTab('tenant_admin', () => []);
    expect(await screen.findByText('No admin users found')).toBeTruthy();
  });

  it('says when an existing account got a role instead of a new account', async () => {
    let staff = [ADMIN];
    const fetchMock = renderTab('tenant_admin', () => staff, {
      'POST /api/tenants/acme/staff': () => {
        staff = [ADMIN, GUEST];
        return jsonResponse(201, { outcome: 'granted', member: GUEST });
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Aggiungi admin' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Nuovo admin' }));
    // The form says beforehand what happens to an e-mail that has an account.
    const email = dialog.getByLabelText(/E-mail/);
    const hint = document.getElementById(email.getAttribute('aria-describedby') ?? '');
    expect(hint?.textContent).toBe(
      "Se l'e-mail ha già un account (anche di un altro tenant), riceve solo il ruolo in questo tenant: nome e password restano i suoi, quelli inseriti qui non vengono usati né cambiati.",
    );
    fireEvent.change(email, { target: { value: 'gino@beta.test' } });
    fireEvent.change(dialog.getByLabelText(/Nome/), { target: { value: 'Gino' } });
    fireEvent.change(dialog.getByLabelText(/Password/), { target: { value: 'segreto' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Aggiungi' }));
    expect(
      await screen.findByText(
        'gino@beta.test ha già un account: ora ha un ruolo in questo tenant (password invariata).',
      ),
    ).toBeTruthy();
    expect(callsTo(fetchMock, 'POST', '/api/tenants/acme/staff')).toEqual([
      { email: 'gino@beta.test', display_name: 'Gino', password: 'segreto', role: 'game_manager' },
    ]);
  });

  it('requires e-mail, name and password before adding (doc 1 §5)', async () => {
    const fetchMock = renderTab('tenant_admin', () => [ADMIN]);
    fireEvent.click(await screen.findByRole('button', { name: 'Aggiungi admin' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Nuovo admin' }));
    for (const label of [/E-mail/, /Nome/, /Password/]) {
      expect(dialog.getByLabelText(label).getAttribute('aria-required')).toBe('true');
    }
    fireEvent.click(dialog.getByRole('button', { name: 'Aggiungi' }));
    expect(dialog.getAllByText('This field is required')).toHaveLength(3);
    fireEvent.change(dialog.getByLabelText(/E-mail/), { target: { value: 'nuovo@acme.test' } });
    fireEvent.change(dialog.getByLabelText(/Nome/), { target: { value: '   ' } });
    fireEvent.change(dialog.getByLabelText(/Password/), { target: { value: '12345' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Aggiungi' }));
    expect(dialog.getAllByText('This field is required')).toHaveLength(1);
    expect(dialog.getByText('Password must be at least 6 characters long')).toBeTruthy();
    expect(callsTo(fetchMock, 'POST', '/api/tenants/acme/staff')).toEqual([]);
  });

  it("shows 'Failed to add admin' for a refusal the server does not explain", async () => {
    renderTab('tenant_admin', () => [ADMIN], {
      'POST /api/tenants/acme/staff': () => errorResponse('internal'),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Aggiungi admin' }));
    const dialog = screen.getByRole('dialog', { name: 'Nuovo admin' });
    fireEvent.change(within(dialog).getByLabelText(/E-mail/), {
      target: { value: 'nuovo@acme.test' },
    });
    fireEvent.change(within(dialog).getByLabelText(/Nome/), { target: { value: 'Nuovo' } });
    fireEvent.change(within(dialog).getByLabelText(/Password/), {
      target: { value: 'segreto' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Aggiungi' }));
    await waitFor(() => expect(within(dialog).getByRole('alert').textContent).toBeTruthy());
    expect(within(dialog).getByRole('alert').textContent).toContain('Failed to add admin');
  });
});
