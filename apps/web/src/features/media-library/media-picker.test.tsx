import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { BASE, GUIDE, PHOTO, stubMediaLibrary } from '../../test/kits/media-library';
import { renderWithProviders } from '../../test/render-in-router';
import { MediaPicker } from './media-picker';

describe('MediaPicker', () => {
  it('offers the images, audio and video of the tenant library, by folder', async () => {
    const library = stubMediaLibrary(BASE);
    const onPick = vi.fn();
    renderWithProviders(<MediaPicker tenantSlug="acme" onPick={onPick} onClose={vi.fn()} />);
    // Each file's name holds its visible text, name and kind (axe label-content-name-mismatch).
    const photo = await screen.findByRole('button', { name: 'Scegli colosseo.jpg (Immagine)' });
    expect(photo.textContent).toBe('colosseo.jpg Immagine');
    // A PDF cannot be a step's media: it is not offered.
    expect(screen.queryByRole('button', { name: /note\.pdf/ })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Roma' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Scegli guida.mp3 (Audio)' }));
    expect(onPick).toHaveBeenCalledWith(GUIDE);
    expect(library.requests.map((r) => r.url)).toContain(`${BASE}?folder=${GUIDE.folder_id}`);
  });

  it("reads the global library through the tenant's address", async () => {
    const library = stubMediaLibrary(BASE);
    renderWithProviders(<MediaPicker tenantSlug="acme" onPick={vi.fn()} onClose={vi.fn()} />);
    await screen.findByRole('button', { name: `Scegli ${PHOTO.filename} (Immagine)` });
    fireEvent.click(screen.getByRole('button', { name: 'Libreria globale' }));
    await waitFor(() =>
      expect(library.requests.map((r) => r.url)).toContain(`${BASE}?library=global`),
    );
    expect(
      screen.getByRole('button', { name: 'Libreria globale' }).getAttribute('aria-pressed'),
    ).toBe('true');
  });
});
