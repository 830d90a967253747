import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/render-in-router';
import {
  callsTo,
  errorResponse,
  jsonResponse,
  PLATFORM_BRAND,
  pathOf,
  stubApi,
} from '../../test/stub-api';
import { PlatformBrandPanel } from './platform-brand-panel';
import { dialogs } from '../../lib/dialogs';

const FOOTER = '/files/brand-assets/superadmin/footer-logo-1.png';
const STORED = { ...PLATFORM_BRAND, footer_logo_url: FOOTER };
const png = () => new File([new Uint8Array([0x89, 0x50])], 'footer.png', { type: 'image/png' });

/** The card of one brand image, by its title. */
const cardOf = async (title: string) =>
  (await screen.findByRole('heading', { name: title })).closest('section') ?? document.body;

describe('PlatformBrandPanel', () => {
  it('shows the three images with their hints, the stored ones as previews', async () => {
    stubApi({ 'GET /api/public/platform-brand': () => jsonResponse(200, STORED) });
    renderWithProviders(<PlatformBrandPanel />);
    const footer = await cardOf('Footer logo');
    expect(within(footer).getByRole('img').getAttribute('src')).toBe(FOOTER);
    expect(within(footer).getByText('PNG, WebP or JPEG, 250x40 suggested')).toBeTruthy();
    const logo = await cardOf('Platform logo');
    expect(within(logo).getByText('None set')).toBeTruthy();
    expect(within(logo).getByText('PNG, JPEG or WebP, 150x150 suggested')).toBeTruthy();
    expect(within(await cardOf('Favicon')).getByText('ICO or PNG')).toBeTruthy();
    // Nothing to remove where nothing is set.
    expect(
      screen.getByRole('button', { name: 'Remove the Platform logo' }).hasAttribute('disabled'),
    ).toBe(true);
  });

  it('keeps Upload disabled until a file is chosen, then uploads it and says so', async () => {
    const uploaded = { ...STORED, footer_logo_url: '/files/brand-assets/superadmin/f-2.png' };
    const fetchMock = stubApi({
      'GET /api/public/platform-brand': () => jsonResponse(200, STORED),
      'PUT /api/platform/brand/assets/footer_logo': () => jsonResponse(200, uploaded),
    });
    renderWithProviders(<PlatformBrandPanel />);
    const upload = await screen.findByRole('button', { name: 'Upload the Footer logo' });
    expect(upload.hasAttribute('disabled')).toBe(true);
    const input = screen.getByLabelText('Footer logo file');
    fireEvent.change(input, { target: { files: [png()] } });
    expect(upload.hasAttribute('disabled')).toBe(false);
    fireEvent.click(upload);

    expect((await screen.findByRole('status')).textContent).toBe(
      'Footer logo uploaded successfully!',
    );
    const call = fetchMock.mock.calls.find(([url, init]) => {
      return init?.method === 'PUT' && pathOf(url) === '/api/platform/brand/assets/footer_logo';
    });
    const body = call?.[1]?.body;
    const sent = body instanceof FormData ? body.get('file') : null;
    expect(sent instanceof File ? sent.name : null).toBe('footer.png');
    const footer = await cardOf('Footer logo');
    await waitFor(() =>
      expect(within(footer).getByRole('img').getAttribute('src')).toBe(uploaded.footer_logo_url),
    );
    // The input is emptied: Upload is disabled again until another file is chosen.
    expect(
      screen.getByRole('button', { name: 'Upload the Footer logo' }).hasAttribute('disabled'),
    ).toBe(true);
  });

  it("shows the server's refusal in the red banner", async () => {
    stubApi({
      'PUT /api/platform/brand/assets/favicon': () =>
        errorResponse('image_type_refused', { field: 'favicon', allowed: 'ICO, PNG' }),
    });
    renderWithProviders(<PlatformBrandPanel />);
    fireEvent.change(await screen.findByLabelText('Favicon file'), {
      target: { files: [png()] },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Upload the Favicon' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      "Favicon: il file deve essere un'immagine (ICO, PNG)",
    );
  });

  it('removes an image only after the confirmation', async () => {
    const fetchMock = stubApi({
      'GET /api/public/platform-brand': () => jsonResponse(200, STORED),
      'DELETE /api/platform/brand/assets/footer_logo': () => jsonResponse(200, PLATFORM_BRAND),
    });
    const confirm = vi.spyOn(dialogs, 'confirm').mockResolvedValueOnce(false);
    renderWithProviders(<PlatformBrandPanel />);
    const remove = await screen.findByRole('button', { name: 'Remove the Footer logo' });
    fireEvent.click(remove);
    expect(confirm).toHaveBeenCalledWith('Remove the Footer logo? The pages will show none.');
    expect(callsTo(fetchMock, 'DELETE', '/api/platform/brand/assets/footer_logo')).toHaveLength(0);

    confirm.mockResolvedValueOnce(true);
    fireEvent.click(remove);
    expect((await screen.findByRole('status')).textContent).toBe(
      'Footer logo removed successfully!',
    );
    expect(callsTo(fetchMock, 'DELETE', '/api/platform/brand/assets/footer_logo')).toHaveLength(1);
    expect(within(await cardOf('Footer logo')).getByText('None set')).toBeTruthy();
  });

  it('saves the colours from the picker and the hex text, refusing a malformed hex', async () => {
    const fetchMock = stubApi({
      'PUT /api/platform/brand/colors': (body) =>
        jsonResponse(200, { ...PLATFORM_BRAND, ...(body as object) }),
    });
    renderWithProviders(<PlatformBrandPanel />);
    const primary = await screen.findByLabelText<HTMLInputElement>('Primary colour');
    expect(primary.value).toBe('#3B82F6');
    const save = screen.getByRole('button', { name: 'Save Colours' });

    fireEvent.change(primary, { target: { value: '#12345' } });
    expect(screen.getByText('Enter a colour as #RRGGBB')).toBeTruthy();
    expect(save.hasAttribute('disabled')).toBe(true);

    fireEvent.change(primary, { target: { value: '#112233' } });
    fireEvent.change(screen.getByLabelText('Secondary colour: colour picker'), {
      target: { value: '#aabbcc' },
    });
    expect(screen.getByLabelText<HTMLInputElement>('Secondary colour').value).toBe('#AABBCC');
    fireEvent.click(save);
    expect((await screen.findByRole('status')).textContent).toBe('Colours saved successfully!');
    expect(callsTo(fetchMock, 'PUT', '/api/platform/brand/colors')).toEqual([
      { primary_color: '#112233', secondary_color: '#AABBCC' },
    ]);
  });
});
