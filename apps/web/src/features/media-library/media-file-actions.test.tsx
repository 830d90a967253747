import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import {
  BASE,
  PHOTO,
  findTile,
  renderMediaScreen,
  requestsOf,
  stubMediaLibrary,
} from '../../test/kits/media-library';
import { DEVELOPER_DETAIL, errorResponse } from '../../test/stub-api';
import { stubDialogs } from '../../test/stub-browser';

/** Stubs the clipboard with `writeText`. */
function stubClipboard(writeText = vi.fn((_text: string) => Promise.resolve())) {
  Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
  return writeText;
}

describe('MediaLibraryScreen file actions', () => {
  it("copies a file's full URL and its code, each confirmed", async () => {
    stubMediaLibrary(BASE);
    const writeText = stubClipboard();
    renderMediaScreen();
    const photo = await findTile('colosseo.jpg');
    fireEvent.click(within(photo).getByRole('button', { name: 'Copy URL: colosseo.jpg' }));
    expect((await screen.findByRole('status')).textContent).toBe('URL copied to clipboard!');
    expect(writeText).toHaveBeenLastCalledWith(new URL(PHOTO.url, window.location.href).href);
    fireEvent.click(within(photo).getByRole('button', { name: 'Copy Code: colosseo.jpg' }));
    expect(await screen.findByText('Codice MED-PHOTO1 copiato negli appunti!')).toBeTruthy();
    expect(writeText).toHaveBeenLastCalledWith('MED-PHOTO1');
  });

  it('says so in a red box when the clipboard refuses', async () => {
    stubMediaLibrary(BASE);
    stubClipboard(vi.fn(() => Promise.reject(new Error('denied'))));
    renderMediaScreen();
    const photo = await findTile('colosseo.jpg');
    fireEvent.click(within(photo).getByRole('button', { name: 'Copy Code: colosseo.jpg' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Impossibile copiare negli appunti',
    );
  });

  it("edits a file's description, a blank one clearing it", async () => {
    const library = stubMediaLibrary(BASE);
    renderMediaScreen();
    const photo = await findTile('colosseo.jpg');
    fireEvent.click(
      within(photo).getByRole('button', { name: 'Modifica la descrizione di colosseo.jpg' }),
    );
    let dialog = screen.getByRole('dialog', { name: 'Descrizione: colosseo.jpg' });
    const field = within(dialog).getByLabelText('Descrizione');
    expect(field).toHaveProperty('value', 'Il Colosseo al tramonto');
    fireEvent.change(field, { target: { value: '  Anfiteatro Flavio ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Salva' }));
    expect(await screen.findByText('Descrizione salvata')).toBeTruthy();
    expect(await within(photo).findByText('Anfiteatro Flavio')).toBeTruthy();

    fireEvent.click(
      within(photo).getByRole('button', { name: 'Modifica la descrizione di colosseo.jpg' }),
    );
    dialog = screen.getByRole('dialog', { name: 'Descrizione: colosseo.jpg' });
    fireEvent.change(within(dialog).getByLabelText('Descrizione'), { target: { value: '  ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Salva' }));
    expect(await within(photo).findByText('Nessuna descrizione')).toBeTruthy();
    expect(library.requests.filter(({ method }) => method === 'PATCH')).toEqual([
      {
        method: 'PATCH',
        url: `${BASE}/files/${PHOTO.id}`,
        body: { description: 'Anfiteatro Flavio' },
      },
      { method: 'PATCH', url: `${BASE}/files/${PHOTO.id}`, body: { description: null } },
    ]);
  });

  it('shows a refused description in its dialog', async () => {
    const library = stubMediaLibrary(BASE);
    library.overrides.set(`PATCH ${BASE}/files/${PHOTO.id}`, () => errorResponse('file_not_found'));
    renderMediaScreen();
    const photo = await findTile('colosseo.jpg');
    fireEvent.click(
      within(photo).getByRole('button', { name: 'Modifica la descrizione di colosseo.jpg' }),
    );
    const dialog = screen.getByRole('dialog', { name: 'Descrizione: colosseo.jpg' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Salva' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('File non trovato');
  });

  it("deletes a file after 'Delete {filename}?', and not without it", async () => {
    const library = stubMediaLibrary(BASE);
    const { confirm } = stubDialogs(false);
    renderMediaScreen();
    const photo = await findTile('colosseo.jpg');
    fireEvent.click(within(photo).getByRole('button', { name: 'Elimina colosseo.jpg' }));
    expect(confirm).toHaveBeenCalledWith('Delete colosseo.jpg?');
    expect(requestsOf(library, 'DELETE')).toEqual([]);
    confirm.mockResolvedValue(true);
    fireEvent.click(within(photo).getByRole('button', { name: 'Elimina colosseo.jpg' }));
    expect(await screen.findByText('File eliminato')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('article', { name: 'colosseo.jpg' })).toBeNull());
    expect(requestsOf(library, 'DELETE')).toEqual([`${BASE}/files/${PHOTO.id}`]);
  });

  it('names the steps using a file, and deletes it anyway only after a second confirmation', async () => {
    const library = stubMediaLibrary(BASE);
    library.inUse.add(PHOTO.id);
    const { confirm } = stubDialogs(true);
    renderMediaScreen();
    const photo = await findTile('colosseo.jpg');
    fireEvent.click(within(photo).getByRole('button', { name: 'Elimina colosseo.jpg' }));
    const dialog = await screen.findByRole('dialog', { name: 'File in uso' });
    const reason = within(dialog).getByRole('alert').textContent ?? '';
    expect(reason).not.toBe('');
    expect(reason).not.toContain(DEVELOPER_DETAIL);

    // A second 'no' keeps the file and the dialog.
    confirm.mockResolvedValue(false);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Elimina comunque' }));
    expect(confirm).toHaveBeenLastCalledWith(
      'Eliminare comunque colosseo.jpg? Le tappe che lo usano perderanno questo media.',
    );
    expect(requestsOf(library, 'DELETE')).toEqual([`${BASE}/files/${PHOTO.id}`]);

    confirm.mockResolvedValue(true);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Elimina comunque' }));
    expect(await screen.findByText('File eliminato')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    await waitFor(() => expect(screen.queryByRole('article', { name: 'colosseo.jpg' })).toBeNull());
    expect(requestsOf(library, 'DELETE')).toEqual([
      `${BASE}/files/${PHOTO.id}`,
      `${BASE}/files/${PHOTO.id}?force=true`,
    ]);
  });

  it('cancels from the in-use dialog without deleting', async () => {
    const library = stubMediaLibrary(BASE);
    library.inUse.add(PHOTO.id);
    stubDialogs(true);
    renderMediaScreen();
    const photo = await findTile('colosseo.jpg');
    fireEvent.click(within(photo).getByRole('button', { name: 'Elimina colosseo.jpg' }));
    const dialog = await screen.findByRole('dialog', { name: 'File in uso' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Annulla' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(await findTile('colosseo.jpg')).toBeTruthy();
    expect(requestsOf(library, 'DELETE')).toEqual([`${BASE}/files/${PHOTO.id}`]);
  });

  it('shows another refused deletion in a red box', async () => {
    const library = stubMediaLibrary(BASE);
    library.overrides.set(`DELETE ${BASE}/files/${PHOTO.id}`, () => errorResponse('forbidden'));
    stubDialogs(true);
    renderMediaScreen();
    const photo = await findTile('colosseo.jpg');
    fireEvent.click(within(photo).getByRole('button', { name: 'Elimina colosseo.jpg' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Accesso negato');
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
