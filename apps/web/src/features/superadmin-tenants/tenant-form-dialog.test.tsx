import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { TenantFormDialog } from './tenant-form-dialog';
import type { TenantDialogTarget } from './tenant-form-dialog';
import { errorResponse, jsonResponse, multipartOf, stubApi } from '../../test/stub-api';
import { renderAtSuperadmin, SAMPLE_TENANT } from '../../test/kits/superadmin-tenants';

/** Renders the dialog and returns its callbacks and a helper to fill a field by label. */
function renderDialog(target: TenantDialogTarget = { mode: 'create' }) {
  const onClose = vi.fn();
  const onSaved = vi.fn();
  renderAtSuperadmin(<TenantFormDialog target={target} onClose={onClose} onSaved={onSaved} />);
  const dialog = screen.getByRole('dialog');
  const fill = (label: string, value: string) =>
    fireEvent.change(within(dialog).getByLabelText(label), { target: { value } });
  return { dialog, onClose, onSaved, fill };
}

/** Fills the four required fields of a new tenant. */
function fillRequired(fill: (label: string, value: string) => void) {
  fill('Name', 'Caffè Città Nuova');
  fill('Company name', 'Città Nuova Srl');
  fill('Admin e-mail', 'admin@citta.test');
  fill('Admin password', 'secret1');
}

describe('TenantFormDialog (create)', () => {
  it('shows every tenant field with the defaults of doc 1 §3', () => {
    const { dialog } = renderDialog();
    const field = (label: string) => within(dialog).getByLabelText(label);
    expect(field('Primary colour')).toHaveProperty('type', 'color');
    expect(field('Primary colour')).toHaveProperty('value', '#3b82f6');
    expect(field('Secondary colour')).toHaveProperty('value', '#10b981');
    expect(field('Country')).toHaveProperty('value', 'IT');
    expect(within(dialog).getByRole('option', { name: 'Germania' })).toBeTruthy();
    expect(within(field('Country')).getAllByRole('option')).toHaveLength(30);
    expect(field('Fuso orario')).toHaveProperty('value', 'Europe/Rome');
    expect(field('Profilo Attivo')).toHaveProperty('checked', true);
    expect(field('Expiry date')).toHaveProperty('type', 'date');
    // Payoff and description are rich text: bold, italic and underline.
    for (const label of ['Payoff', 'Description']) {
      expect(field(label).getAttribute('contenteditable')).toBe('true');
      expect(field(label).getAttribute('role')).toBe('textbox');
    }
    expect(within(dialog).getAllByRole('button', { name: 'Bold' })).toHaveLength(2);
    expect(within(dialog).getAllByRole('button', { name: 'Underline' })).toHaveLength(2);
    expect(field('Logo').getAttribute('accept')).toBe('image/png,image/jpeg,image/webp');
    expect(field('Favicon').getAttribute('accept')).toContain('image/x-icon');
    expect(field('Footer logo').getAttribute('accept')).toBe('image/png,image/webp,image/jpeg');
    expect(field('Brand logo').getAttribute('accept')).toBe('image/png,image/jpeg,image/webp');
    expect(field('Brand favicon').getAttribute('accept')).toContain('image/x-icon');
    expect(within(dialog).getByText('PNG, WebP or JPEG, 250x40 suggested')).toBeTruthy();
    expect(within(dialog).getByText('PNG, JPEG or WebP, 150x150 suggested')).toBeTruthy();
    for (const label of ['Address', 'City', 'Postal code', 'Tax code', 'VAT number', 'SDI code']) {
      expect(field(label)).toBeTruthy();
    }
    for (const label of ['Phone', 'Mobile', 'E-mail']) expect(field(label)).toBeTruthy();
  });

  it('refuses to send without the required fields, then checks the password length', () => {
    const fetchMock = stubApi({});
    const { dialog, fill } = renderDialog();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create Tenant' }));
    expect(within(dialog).getAllByText('This field is required')).toHaveLength(4);
    const name = within(dialog).getByLabelText('Name');
    expect(name.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(name);

    fillRequired(fill);
    fill('Admin password', 'abc12');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create Tenant' }));
    expect(within(dialog).queryByText('This field is required')).toBeNull();
    expect(within(dialog).getByText('Password must be at least 6 characters long')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('previews the derived slug and refuses a reserved one', () => {
    const fetchMock = stubApi({});
    const { dialog, fill } = renderDialog();
    fillRequired(fill);
    expect(within(dialog).getByText('Tenant address: /caffe-citta-nuova')).toBeTruthy();

    fill('Slug', ' Super Admin ');
    expect(within(dialog).getByText('Tenant address: /super-admin')).toBeTruthy();

    fill('Slug', 'Login');
    const message = 'The slug "login" is reserved by the platform: choose another one';
    expect(within(dialog).getByText(message)).toBeTruthy();
    expect(within(dialog).queryByText(/Tenant address:/)).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create Tenant' }));
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('sends multipart: the data JSON (null for empty optional text) and the image files', async () => {
    const fetchMock = stubApi({
      'POST /api/platform/tenants': () => jsonResponse(201, SAMPLE_TENANT),
    });
    const { dialog, fill, onSaved } = renderDialog();
    fillRequired(fill);
    fill('City', ' Torino ');
    fill('Expiry date', '2031-01-31');
    fireEvent.change(within(dialog).getByLabelText('Country'), { target: { value: 'CH' } });
    fireEvent.change(within(dialog).getByLabelText('Fuso orario'), {
      target: { value: 'America/New_York' },
    });
    fireEvent.click(within(dialog).getByLabelText('Profilo Attivo'));
    const logo = new File(['png'], 'logo.png', { type: 'image/png' });
    const favicon = new File(['ico'], 'favicon.ico', { type: 'image/x-icon' });
    const footer = new File(['png'], 'footer.png', { type: 'image/png' });
    fireEvent.change(within(dialog).getByLabelText('Logo'), { target: { files: [logo] } });
    fireEvent.change(within(dialog).getByLabelText('Favicon'), { target: { files: [favicon] } });
    fireEvent.change(within(dialog).getByLabelText('Footer logo'), { target: { files: [footer] } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create Tenant' }));

    await waitFor(() => expect(onSaved).toHaveBeenCalledWith('create', SAMPLE_TENANT));
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/platform/tenants');
    expect(init?.method).toBe('POST');
    const { form, data } = multipartOf(init);
    expect(data).toEqual({
      name: 'Caffè Città Nuova',
      slug: null,
      primary_color: '#3B82F6',
      secondary_color: '#10B981',
      payoff: null,
      description: null,
      admin_email: 'admin@citta.test',
      company_name: 'Città Nuova Srl',
      address: null,
      city: 'Torino',
      postal_code: null,
      country: 'CH',
      tax_code: null,
      vat_number: null,
      sdi_code: null,
      expiry_date: '2031-01-31',
      is_active: false,
      phone: null,
      mobile: null,
      email: null,
      time_zone: 'America/New_York',
      location_retention_days: 30,
      admin_password: 'secret1',
    });
    expect(form.get('logo')).toBe(logo);
    expect(form.get('favicon')).toBe(favicon);
    expect(form.get('footer_logo')).toBe(footer);
    expect(form.has('brand_logo')).toBe(false);
  });

  it('disables the button while saving and shows the server message in a red banner', async () => {
    let answer: (response: Response) => void = () => undefined;
    const fetchMock = vi.fn<typeof fetch>(
      () => new Promise<Response>((resolve) => (answer = resolve)),
    );
    vi.stubGlobal('fetch', fetchMock);
    const { dialog, fill, onSaved } = renderDialog();
    fillRequired(fill);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create Tenant' }));

    const saving = await within(dialog).findByRole('button', { name: 'Saving...' });
    expect(saving).toHaveProperty('disabled', true);
    answer(errorResponse('tenant_slug_taken', { slug: 'acme' }));

    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'Esiste già un tenant con lo slug "acme"',
    );
    expect(within(dialog).getByRole('button', { name: 'Create Tenant' })).toHaveProperty(
      'disabled',
      false,
    );
    expect(onSaved).not.toHaveBeenCalled();
  });

  it('closes on Cancel and on Escape', () => {
    const { dialog, onClose } = renderDialog();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(onClose).toHaveBeenCalledTimes(2);
  });
});

describe('TenantFormDialog (edit)', () => {
  it('keeps the password optional but still at least 6 characters', async () => {
    const fetchMock = stubApi({
      'GET /api/platform/tenants/t1': () => jsonResponse(200, SAMPLE_TENANT),
      'PUT /api/platform/tenants/t1': () => jsonResponse(200, SAMPLE_TENANT),
    });
    const { dialog, onSaved } = renderDialog({ mode: 'edit', id: 't1' });
    const password = await within(dialog).findByLabelText('Admin password');
    fireEvent.change(password, { target: { value: 'abc' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByText('Password must be at least 6 characters long')).toBeTruthy();
    expect(fetchMock).toHaveBeenCalledTimes(1);

    fireEvent.change(password, { target: { value: 'new-secret' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith('edit', SAMPLE_TENANT));
    const { data } = multipartOf(fetchMock.mock.calls[1]?.[1]);
    expect(data).toMatchObject({ admin_password: 'new-secret', slug: 'acme' });
  });

  it("shows the text of the server's code when the tenant cannot be loaded", async () => {
    stubApi({ 'GET /api/platform/tenants/t9': () => errorResponse('tenant_not_found') });
    const { dialog } = renderDialog({ mode: 'edit', id: 't9' });
    expect(within(dialog).getByRole('status').textContent).toBe('Loading...');
    expect((await within(dialog).findByRole('alert')).textContent).toBe('Tenant non trovato');
  });
});
