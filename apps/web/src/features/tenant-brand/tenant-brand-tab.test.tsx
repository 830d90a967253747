import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SAMPLE_TENANT } from '../../test/kits/superadmin-tenants';
import { renderInRouter } from '../../test/render-in-router';
import {
  errorResponse,
  jsonResponse,
  multipartOf,
  sessionHandler,
  sessionOf,
  sessionTenant,
  stubApi,
} from '../../test/stub-api';
import { TenantBrandTab } from './tenant-brand-tab';

const BRAND = 'GET /api/tenants/acme/brand';
const SAVE = 'PUT /api/tenants/acme/brand';
const STORED = { ...SAMPLE_TENANT, payoff: '<p><strong>Avventure</strong> in città</p>' };

/** The request options of each save sent. */
const saveCalls = (fetchMock: ReturnType<typeof stubApi>) =>
  fetchMock.mock.calls.filter(([, init]) => init?.method === 'PUT').map(([, init]) => init);

/** Renders the tab at `/acme/settings` for a caller of `role`. */
function renderTab(role: 'tenant_admin' | 'game_manager', handlers = {}) {
  const fetchMock = stubApi({
    ...sessionHandler(sessionOf(role, [sessionTenant('acme', role)])),
    [BRAND]: () => jsonResponse(200, STORED),
    ...handlers,
  });
  const router = renderInRouter(
    [
      { path: '/acme/settings', element: <TenantBrandTab tenantSlug="acme" /> },
      { path: '/acme-roma/settings', element: <p>moved</p> },
    ],
    '/acme/settings?tab=brand',
  );
  return { fetchMock, router };
}

describe('TenantBrandTab', () => {
  it("saves every field but the expiry date and the password: 'Tenant aggiornato con successo!'", async () => {
    const { fetchMock } = renderTab('tenant_admin', {
      [SAVE]: () => jsonResponse(200, { ...STORED, name: 'Acme Roma' }),
    });
    const name = await screen.findByLabelText('Name');
    expect(screen.getByLabelText('Payoff').innerHTML).toBe(
      '<p><strong>Avventure</strong> in città</p>',
    );
    // The expiry date is the platform's: shown, not editable; no admin password here.
    expect(screen.getByLabelText('Expiry date')).toHaveProperty('readOnly', true);
    expect(screen.getByText('Set by the platform operator')).toBeTruthy();
    expect(screen.queryByLabelText('Admin password')).toBeNull();
    expect(screen.getByLabelText('Profilo Attivo')).toHaveProperty('checked', true);

    fireEvent.change(name, { target: { value: 'Acme Roma' } });
    const brandLogo = new File(['png'], 'brand.png', { type: 'image/png' });
    fireEvent.change(screen.getByLabelText('Brand logo'), { target: { files: [brandLogo] } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Tenant aggiornato con successo!')).toBeTruthy();
    const { form, data } = multipartOf(saveCalls(fetchMock)[0]);
    expect(data).toMatchObject({
      name: 'Acme Roma',
      slug: 'acme',
      payoff: '<p><strong>Avventure</strong> in città</p>',
    });
    expect(data).not.toHaveProperty('expiry_date');
    expect(data).not.toHaveProperty('admin_password');
    expect(form.get('brand_logo')).toBe(brandLogo);
    await waitFor(() => expect(screen.getByLabelText('Name')).toHaveProperty('value', 'Acme Roma'));
  });

  it("moves to the tenant's new address after a slug change", async () => {
    const { router } = renderTab('tenant_admin', {
      [SAVE]: () => jsonResponse(200, { ...STORED, slug: 'acme-roma' }),
    });
    fireEvent.change(await screen.findByLabelText('Slug'), { target: { value: 'acme-roma' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('moved')).toBeTruthy();
    expect(router.state.location.pathname + router.state.location.search).toBe(
      '/acme-roma/settings?tab=brand',
    );
  });

  it("shows the server's refusal and keeps what was typed", async () => {
    renderTab('tenant_admin', {
      [SAVE]: () => errorResponse('tenant_slug_taken', { slug: 'beta' }),
    });
    fireEvent.change(await screen.findByLabelText('Slug'), { target: { value: 'beta' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toBeTruthy();
    expect(screen.getByLabelText('Slug')).toHaveProperty('value', 'beta');
  });

  it('is read-only for a game manager', async () => {
    const { fetchMock } = renderTab('game_manager');
    const name = await screen.findByLabelText('Name');
    await screen.findByText('Solo gli amministratori del tenant possono modificare il brand.');
    expect(name.matches(':disabled')).toBe(true);
    expect(screen.getByLabelText('Payoff').getAttribute('contenteditable')).toBe('false');
    for (const button of within(screen.getAllByRole('toolbar')[0]!).getAllByRole('button')) {
      expect(button).toHaveProperty('disabled', true);
    }
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
    expect(saveCalls(fetchMock)).toHaveLength(0);
  });
});
