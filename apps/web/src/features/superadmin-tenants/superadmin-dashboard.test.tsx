import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { advanceClock, useFakeClock, waitUntil } from '../../test/fake-clock';
import { renderAtSuperadmin, SAMPLE_TENANT } from '../../test/kits/superadmin-tenants';
import { callKeys, errorResponse, jsonResponse, multipartOf, stubApi } from '../../test/stub-api';
import { SAVED_NOTICE_MS, SuperadminDashboard } from './superadmin-dashboard';
import { SUPERADMIN_PANELS, type SuperadminPanels } from './superadmin-toolbar';
import { dialogs } from '../../lib/dialogs';

/** Stand-in panels: each a titled section naming its panel. */
const PANELS = Object.fromEntries(
  SUPERADMIN_PANELS.map((panel) => [
    panel,
    <section key={panel}>
      <h2>{`${panel} panel`}</h2>
    </section>,
  ]),
) as SuperadminPanels;

/** The dashboard with the stand-in panels. */
const dashboard = () => <SuperadminDashboard panels={PANELS} />;

const TENANTS = [
  {
    id: 't2',
    slug: 'beta',
    name: 'Beta',
    created_at: '2024-05-02T08:00:00.000Z',
    status: 'active',
  },
  {
    id: 't1',
    slug: 'acme',
    name: 'Acme',
    created_at: '2024-03-15T10:00:00.000Z',
    status: 'active',
  },
];

describe('SuperadminDashboard button row', () => {
  it('shows the seven controls, Media Library as a link to /superadmin/media', async () => {
    stubApi({ 'GET /api/platform/tenants': () => jsonResponse(200, { tenants: [] }) });
    renderAtSuperadmin(dashboard());
    const names = [
      'Orphan Users',
      'Manage Users',
      'Brand Assets',
      'Settings',
      'Audit Log',
      'New Tenant',
    ];
    for (const name of names) {
      expect(screen.getByRole('button', { name })).toBeTruthy();
    }
    const media = screen.getByRole('link', { name: 'Media Library' });
    expect(media.getAttribute('href')).toBe('/superadmin/media');
    expect(await screen.findByText('No tenants yet')).toBeTruthy();
  });

  it('opens one panel at a time and closes it on a second click', () => {
    stubApi({ 'GET /api/platform/tenants': () => jsonResponse(200, { tenants: [] }) });
    renderAtSuperadmin(dashboard());
    const orphan = screen.getByRole('button', { name: 'Orphan Users' });
    const settings = screen.getByRole('button', { name: 'Settings' });
    expect(screen.queryByRole('heading', { name: /panel$/ })).toBeNull();

    fireEvent.click(orphan);
    expect(screen.getByRole('heading', { name: 'orphanUsers panel' })).toBeTruthy();
    expect(orphan.getAttribute('aria-expanded')).toBe('true');

    fireEvent.click(settings);
    expect(screen.queryByRole('heading', { name: 'orphanUsers panel' })).toBeNull();
    expect(screen.getAllByRole('heading', { name: /panel$/ }).map((h) => h.textContent)).toEqual([
      'settings panel',
    ]);
    expect(orphan.getAttribute('aria-expanded')).toBe('false');

    fireEvent.click(settings);
    expect(screen.queryByRole('heading', { name: /panel$/ })).toBeNull();
  });
});

describe('SuperadminDashboard tenants table', () => {
  it('marks inactive and expired tenants', async () => {
    const [beta, acme] = TENANTS;
    stubApi({
      'GET /api/platform/tenants': () =>
        jsonResponse(200, {
          tenants: [
            { ...beta, status: 'inactive' },
            { ...acme, status: 'expired' },
            { ...acme, id: 't3', slug: 'gamma', name: 'Gamma' },
          ],
        }),
    });
    renderAtSuperadmin(dashboard());
    const table = await screen.findByRole('table');
    const names = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) => within(row).getAllByRole('cell')[0]?.textContent);
    expect(names).toEqual(['BetaInactive', 'AcmeExpired', 'Gamma']);
  });

  it('lists the tenants with name, slug and Italian created date', async () => {
    stubApi({ 'GET /api/platform/tenants': () => jsonResponse(200, { tenants: TENANTS }) });
    renderAtSuperadmin(dashboard());
    const table = await screen.findByRole('table');
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((cell) => cell.textContent);
    expect(headers).toEqual(['Name', 'Slug', 'Created date', 'Actions']);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getAllByRole('cell')[0]?.textContent)).toEqual([
      'Beta',
      'Acme',
    ]);
    expect(within(rows[1] ?? table).getByText('acme')).toBeTruthy();
    expect(within(rows[1] ?? table).getByText('15/03/2024')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Edit tenant Acme' }).textContent).toBe('Edit');
  });

  it("shows the text of the server's code when the list fails", async () => {
    stubApi({ 'GET /api/platform/tenants': () => errorResponse('superadmin_only') });
    renderAtSuperadmin(dashboard());
    expect((await screen.findByRole('alert')).textContent).toBe('Area riservata al superadmin');
  });

  it('does not delete when the confirmation is refused', async () => {
    const fetchMock = stubApi({
      'GET /api/platform/tenants': () => jsonResponse(200, { tenants: TENANTS }),
    });
    const confirm = vi.spyOn(dialogs, 'confirm').mockResolvedValue(false);
    renderAtSuperadmin(dashboard());
    fireEvent.click(await screen.findByRole('button', { name: 'Delete tenant Acme' }));
    expect(confirm).toHaveBeenCalledWith(
      'Delete tenant "Acme"? All its routes, games and data will be deleted.',
    );
    expect(callKeys(fetchMock)).toEqual(['GET /api/platform/tenants']);
  });

  it('deletes after confirmation and refreshes the list', async () => {
    let tenants = TENANTS;
    const fetchMock = stubApi({
      'GET /api/platform/tenants': () => jsonResponse(200, { tenants }),
      'DELETE /api/platform/tenants/t1': () => {
        tenants = TENANTS.filter((tenant) => tenant.id !== 't1');
        return new Response(null, { status: 204 });
      },
    });
    vi.spyOn(dialogs, 'confirm').mockResolvedValue(true);
    renderAtSuperadmin(dashboard());
    fireEvent.click(await screen.findByRole('button', { name: 'Delete tenant Acme' }));
    await waitFor(() => expect(screen.queryByText('Acme')).toBeNull());
    expect(callKeys(fetchMock)).toEqual([
      'GET /api/platform/tenants',
      'DELETE /api/platform/tenants/t1',
      'GET /api/platform/tenants',
    ]);
    expect(fetchMock.mock.calls[1]?.[1]?.headers).toMatchObject({ 'x-tappa-csrf': '1' });
  });

  it("shows the text of the server's code when a delete fails", async () => {
    stubApi({
      'GET /api/platform/tenants': () => jsonResponse(200, { tenants: TENANTS }),
      'DELETE /api/platform/tenants/t1': () => errorResponse('tenant_not_found'),
    });
    vi.spyOn(dialogs, 'confirm').mockResolvedValue(true);
    renderAtSuperadmin(dashboard());
    fireEvent.click(await screen.findByRole('button', { name: 'Delete tenant Acme' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Tenant non trovato');
    expect(screen.getByText('Acme')).toBeTruthy();
  });
});

describe('SuperadminDashboard tenant dialog', () => {
  it("creates a tenant, closes the dialog and shows 'Tenant creato con successo!' for 3 s", async () => {
    const fetchMock = stubApi({
      'GET /api/platform/tenants': () => jsonResponse(200, { tenants: [] }),
      'POST /api/platform/tenants': () => jsonResponse(201, SAMPLE_TENANT),
    });
    renderAtSuperadmin(dashboard());
    fireEvent.click(screen.getByRole('button', { name: 'New Tenant' }));
    const dialog = screen.getByRole('dialog', { name: 'New Tenant' });
    const fill = (label: string, value: string) =>
      fireEvent.change(within(dialog).getByLabelText(label), { target: { value } });
    fill('Name', 'Acme');
    fill('Company name', 'Acme Srl');
    fill('Admin e-mail', 'admin@acme.test');
    fill('Admin password', 'secret1');
    useFakeClock();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create Tenant' }));

    await waitUntil(() => screen.getByText('Tenant creato con successo!'));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(callKeys(fetchMock)).toContain('POST /api/platform/tenants');

    // The message stays for 3 seconds, then goes away.
    await advanceClock(SAVED_NOTICE_MS - 100);
    expect(screen.getByText('Tenant creato con successo!')).toBeTruthy();
    await advanceClock(100);
    expect(screen.queryByText('Tenant creato con successo!')).toBeNull();
  });

  it('loads the tenant for Edit and sends PUT with admin_password null when left blank', async () => {
    const fetchMock = stubApi({
      'GET /api/platform/tenants': () => jsonResponse(200, { tenants: TENANTS }),
      'GET /api/platform/tenants/t1': () => jsonResponse(200, SAMPLE_TENANT),
      'PUT /api/platform/tenants/t1': () => jsonResponse(200, { ...SAMPLE_TENANT, name: 'Acme 2' }),
    });
    renderAtSuperadmin(dashboard());
    fireEvent.click(await screen.findByRole('button', { name: 'Edit tenant Acme' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit tenant' });
    const name = await within(dialog).findByLabelText('Name');
    expect(name).toHaveProperty('value', 'Acme');
    expect(within(dialog).getByLabelText('Company name')).toHaveProperty('value', 'Acme Srl');
    expect(within(dialog).getByLabelText('Expiry date')).toHaveProperty('value', '2030-12-31');
    expect(within(dialog).getByText('Leave blank to keep the current password')).toBeTruthy();
    expect(within(dialog).getByRole('img', { name: 'Current Logo' })).toBeTruthy();

    fireEvent.change(name, { target: { value: 'Acme 2' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Tenant aggiornato con successo!')).toBeTruthy();
    const put = fetchMock.mock.calls.find(([, init]) => init?.method === 'PUT');
    const { data } = multipartOf(put?.[1]);
    expect(data).toMatchObject({
      name: 'Acme 2',
      slug: 'acme',
      admin_password: null,
      admin_email: 'admin@acme.test',
      description: null,
      expiry_date: '2030-12-31',
      primary_color: '#112233',
    });
  });
});
