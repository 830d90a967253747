import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  AUDIO,
  BASE,
  PHOTO,
  ROMA,
  findTile,
  renderMediaScreen,
  requestsOf,
  stubMediaLibrary,
} from '../../test/kits/media-library';
import { errorResponse } from '../../test/stub-api';
import { stubDialogs } from '../../test/stub-browser';

describe('MediaLibraryScreen', () => {
  it("shows the root's folders and files: thumbnail, type icons, sizes, codes, descriptions, room", async () => {
    stubMediaLibrary(BASE);
    renderMediaScreen();
    const grid = await screen.findByRole('list', { name: 'Cartelle e file' });
    expect(
      within(grid)
        .getAllByRole('article')
        .map((item) => item.getAttribute('aria-label')),
    ).toEqual(['Roma', 'colosseo.jpg', 'note.pdf']);
    const photo = await findTile('colosseo.jpg');
    expect(
      within(photo).getByRole('img', { name: 'Il Colosseo al tramonto' }).getAttribute('src'),
    ).toBe(PHOTO.thumb_url);
    expect(within(photo).getByText('1,5 KB · Codice: MED-PHOTO1')).toBeTruthy();
    expect(within(photo).getByRole('link', { name: 'colosseo.jpg' }).getAttribute('href')).toBe(
      PHOTO.url,
    );
    const notes = await findTile('note.pdf');
    expect(within(notes).getByRole('img', { name: 'File' })).toBeTruthy();
    expect(within(notes).getByText('300 Bytes · Codice: MED-NOTES1')).toBeTruthy();
    expect(within(notes).getByText('Nessuna descrizione')).toBeTruthy();
    expect(screen.getByText('5 MB di 1 GB usati · al massimo 50 MB per file')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Radice della libreria' })).toHaveProperty(
      'disabled',
      true,
    );
    expect(screen.getByRole('button', { name: 'Cartella superiore' })).toHaveProperty(
      'disabled',
      true,
    );
  });

  it('opens folders into the URL, shows the path, and goes back by button, path and browser', async () => {
    const library = stubMediaLibrary(BASE);
    const router = renderMediaScreen();
    fireEvent.click(await screen.findByRole('button', { name: 'Apri la cartella Roma' }));
    const guide = await findTile('guida.mp3');
    expect(within(guide).getByRole('img', { name: 'Audio' })).toBeTruthy();
    expect(router.state.location.search).toBe('?folder=d-roma');
    expect(requestsOf(library, 'GET')).toContain(`${BASE}?folder=d-roma`);
    fireEvent.click(screen.getByRole('button', { name: 'Apri la cartella Audio' }));
    expect(await screen.findByText('This folder is empty')).toBeTruthy();
    const path = screen.getByRole('navigation', { name: 'Percorso della cartella' });
    expect(within(path).getByRole('list').textContent).toBe('/RomaAudio');
    expect(within(path).getByText('Audio').getAttribute('aria-current')).toBe('location');

    fireEvent.click(screen.getByRole('button', { name: 'Cartella superiore' }));
    await findTile('guida.mp3');
    expect(router.state.location.search).toBe('?folder=d-roma');
    await router.navigate(-1);
    expect(await screen.findByText('This folder is empty')).toBeTruthy();
    fireEvent.click(within(path).getByRole('button', { name: 'Roma' }));
    await findTile('guida.mp3');
    fireEvent.click(screen.getByRole('button', { name: 'Radice della libreria' }));
    await findTile('colosseo.jpg');
    expect(router.state.location.search).toBe('');
  });

  it('opens the folder the URL names at once (a reload)', async () => {
    stubMediaLibrary(BASE);
    renderMediaScreen(`?folder=${AUDIO.id}`);
    expect(await screen.findByText('This folder is empty')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Roma' })).toBeTruthy();
  });

  it('creates a folder in the folder shown, its name trimmed and required', async () => {
    const library = stubMediaLibrary(BASE);
    renderMediaScreen(`?folder=${ROMA.id}`);
    fireEvent.click(await screen.findByRole('button', { name: 'New Folder' }));
    const dialog = screen.getByRole('dialog', { name: 'New Folder' });
    const name = within(dialog).getByLabelText('Nome della cartella');
    fireEvent.change(name, { target: { value: '   ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Crea' }));
    expect(within(dialog).getByText('This field is required')).toBeTruthy();
    fireEvent.change(name, { target: { value: '  Video  ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Crea' }));
    expect(await screen.findByText('Cartella creata')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(library.requests.filter(({ method }) => method === 'POST')).toEqual([
      {
        method: 'POST',
        url: `${BASE}/folders`,
        body: { name: 'Video', parent_folder_id: ROMA.id },
      },
    ]);
    expect(await screen.findByRole('button', { name: 'Apri la cartella Video' })).toBeTruthy();
  });

  it('refuses a folder name with a path character before sending it, saying the rule', async () => {
    const library = stubMediaLibrary(BASE);
    renderMediaScreen();
    fireEvent.click(await screen.findByRole('button', { name: 'New Folder' }));
    const dialog = screen.getByRole('dialog', { name: 'New Folder' });
    const name = within(dialog).getByLabelText('Nome della cartella');
    for (const value of ['../..', 'Roma/Audio', ' .nascosta ']) {
      fireEvent.change(name, { target: { value } });
      fireEvent.click(within(dialog).getByRole('button', { name: 'Crea' }));
      expect(
        within(dialog).getByText(
          'Il nome della cartella non può contenere / o \\ né caratteri di controllo, e non può iniziare o finire con un punto',
        ),
      ).toBeTruthy();
    }
    expect(library.requests.filter(({ method }) => method === 'POST')).toEqual([]);
  });

  it('shows a refused folder in the dialog', async () => {
    const library = stubMediaLibrary(BASE);
    library.overrides.set(`POST ${BASE}/folders`, () => errorResponse('forbidden'));
    renderMediaScreen();
    fireEvent.click(await screen.findByRole('button', { name: 'New Folder' }));
    const dialog = screen.getByRole('dialog', { name: 'New Folder' });
    fireEvent.change(within(dialog).getByLabelText('Nome della cartella'), {
      target: { value: 'Video' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Crea' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('Accesso negato');
  });

  it('deletes a folder after its confirmation, and not without it', async () => {
    const library = stubMediaLibrary(BASE);
    const { confirm } = stubDialogs(false);
    renderMediaScreen();
    fireEvent.click(await screen.findByRole('button', { name: 'Elimina la cartella Roma' }));
    expect(confirm).toHaveBeenCalledWith('Delete this folder and all its contents?');
    expect(requestsOf(library, 'DELETE')).toEqual([]);
    confirm.mockResolvedValue(true);
    fireEvent.click(screen.getByRole('button', { name: 'Elimina la cartella Roma' }));
    expect(await screen.findByText('Cartella eliminata')).toBeTruthy();
    expect(requestsOf(library, 'DELETE')).toEqual([`${BASE}/folders/${ROMA.id}`]);
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Roma' })).toBeNull());
  });

  it("shows a refused folder deletion in a red box, in the code's words", async () => {
    const library = stubMediaLibrary(BASE);
    library.overrides.set(`DELETE ${BASE}/folders/${ROMA.id}`, () => errorResponse('forbidden'));
    stubDialogs(true);
    renderMediaScreen();
    fireEvent.click(await screen.findByRole('button', { name: 'Elimina la cartella Roma' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('Accesso negato');
    expect(alert.className).toContain('alert--error');
    expect(await findTile('Roma')).toBeTruthy();
  });

  it('shows a failed listing in a red box, with a way back to the root', async () => {
    stubMediaLibrary(BASE);
    renderMediaScreen('?folder=d-gone');
    expect((await screen.findByRole('alert')).textContent).toBe('Non trovato');
    fireEvent.click(screen.getByRole('button', { name: 'Radice della libreria' }));
    expect(await findTile('Roma')).toBeTruthy();
  });

  it('moves between tiles with the arrow keys, Home and End', async () => {
    stubMediaLibrary(BASE);
    renderMediaScreen();
    const open = await screen.findByRole('button', { name: 'Apri la cartella Roma' });
    open.focus();
    fireEvent.keyDown(open, { key: 'ArrowRight' });
    expect(document.activeElement).toBe(screen.getByRole('link', { name: 'colosseo.jpg' }));
    fireEvent.keyDown(document.activeElement!, { key: 'End' });
    expect(document.activeElement).toBe(screen.getByRole('link', { name: 'note.pdf' }));
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowLeft' });
    expect(document.activeElement).toBe(screen.getByRole('link', { name: 'colosseo.jpg' }));
    fireEvent.keyDown(document.activeElement!, { key: 'Home' });
    expect(document.activeElement).toBe(open);
    fireEvent.keyDown(open, { key: 'ArrowLeft' });
    expect(document.activeElement).toBe(open);
  });

  it('works on the global library under /api/platform/media', async () => {
    const library = stubMediaLibrary('/api/platform/media');
    renderMediaScreen('', { kind: 'global' });
    fireEvent.click(await screen.findByRole('button', { name: 'Apri la cartella Roma' }));
    await findTile('guida.mp3');
    expect(requestsOf(library, 'GET')).toEqual([
      '/api/platform/media',
      `/api/platform/media?folder=${ROMA.id}`,
    ]);
  });
});
