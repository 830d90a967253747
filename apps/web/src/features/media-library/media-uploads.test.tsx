import { CSRF_HEADER } from '@tappa/contracts';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { FakeXhr, stubXhr } from '../../test/fake-xhr';
import {
  BASE,
  PHOTO,
  ROMA,
  findTile,
  renderMediaScreen,
  requestsOf,
  stubMediaLibrary,
} from '../../test/kits/media-library';

/** A file of `size` bytes named `name`. */
function fileOf(name: string, type: string, size: number): File {
  return new File([new Uint8Array(size)], name, { type });
}

/** Chooses `files` in the Upload Files picker. */
function choose(files: File[]) {
  fireEvent.change(screen.getByLabelText('Upload Files'), { target: { files } });
}

/** The upload request number `index`, once it is made. */
async function request(index: number): Promise<FakeXhr> {
  await waitFor(() => expect(FakeXhr.requests.length).toBeGreaterThan(index));
  return FakeXhr.requests[index]!;
}

/** The uploads list. */
function uploads() {
  return screen.getByRole('region', { name: 'Caricamenti' });
}

describe('MediaLibraryScreen uploads', () => {
  it('sends each file as its own request into the folder shown, with a progress bar each', async () => {
    const library = stubMediaLibrary(BASE);
    stubXhr();
    renderMediaScreen(`?folder=${ROMA.id}`);
    await findTile('guida.mp3');
    choose([fileOf('ponte.jpg', 'image/jpeg', 200), fileOf('intro.mp4', 'video/mp4', 100)]);

    const first = await request(0);
    expect(first).toMatchObject({ method: 'POST', url: `${BASE}/files`, withCredentials: true });
    expect(first.headers[CSRF_HEADER]).toBe('1');
    expect((first.form.get('file') as File).name).toBe('ponte.jpg');
    expect(JSON.parse(first.form.get('data') as string)).toEqual({ folder_id: ROMA.id });
    // One at a time: the second waits for the first.
    expect(FakeXhr.requests).toHaveLength(1);
    const waiting = within(uploads()).getByText('intro.mp4').closest('li')!;
    expect(within(waiting).getByText('In attesa')).toBeTruthy();

    act(() => first.progress(50, 200));
    const bar = within(uploads()).getByRole('progressbar', { name: 'Caricamento di ponte.jpg' });
    expect(bar.getAttribute('value')).toBe('25');
    expect(within(uploads()).getByText('25%')).toBeTruthy();
    act(() => first.progress(200, 200));
    expect(bar.getAttribute('value')).toBe('100');

    const listings = requestsOf(library, 'GET').length;
    const uploaded = { ...PHOTO, id: 'f-ponte', folder_id: ROMA.id, filename: 'ponte.jpg' };
    library.files.push(uploaded);
    act(() => first.respond(201, uploaded));
    expect(await findTile('ponte.jpg')).toBeTruthy();
    expect(requestsOf(library, 'GET').length).toBeGreaterThan(listings);
    expect(within(uploads()).queryByText('ponte.jpg')).toBeNull();

    const second = await request(1);
    expect((second.form.get('file') as File).name).toBe('intro.mp4');
    act(() => second.progress(10, 100));
    expect(
      within(uploads())
        .getByRole('progressbar', { name: 'Caricamento di intro.mp4' })
        .getAttribute('value'),
    ).toBe('10');
    act(() => second.respond(201, { ...uploaded, id: 'f-intro', filename: 'intro.mp4' }));
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Caricamenti' })).toBeNull());
  });

  it("shows each refused file's reason in red and keeps going with the next", async () => {
    stubMediaLibrary(BASE);
    stubXhr();
    renderMediaScreen();
    await findTile('colosseo.jpg');
    choose([fileOf('enorme.mov', 'video/quicktime', 300), fileOf('ok.txt', 'text/plain', 3)]);

    const first = await request(0);
    expect(JSON.parse(first.form.get('data') as string)).toEqual({ folder_id: null });
    act(() =>
      first.respond(413, {
        error: { code: 'body_too_large', params: { max_kb: 51200 }, message: 'too large' },
      }),
    );
    const failed = within(uploads()).getByText('enorme.mov').closest('li')!;
    expect((await within(failed).findByRole('alert')).textContent).toBe(
      'I dati inviati sono troppo grandi (al massimo 51200 KB)',
    );

    const second = await request(1);
    act(() => second.failNetwork());
    const lost = within(uploads()).getByText('ok.txt').closest('li')!;
    expect((await within(lost).findByRole('alert')).textContent).toBe('Caricamento non riuscito');

    fireEvent.click(within(failed).getByRole('button', { name: 'Togli enorme.mov dalla lista' }));
    expect(within(uploads()).queryByText('enorme.mov')).toBeNull();
    expect(within(uploads()).getByText('ok.txt')).toBeTruthy();
  });

  it('cancels the uploads under way when the screen goes away', async () => {
    stubMediaLibrary(BASE);
    stubXhr();
    renderMediaScreen();
    await findTile('colosseo.jpg');
    choose([fileOf('a.png', 'image/png', 10), fileOf('b.png', 'image/png', 10)]);
    const first = await request(0);
    cleanup();
    await waitFor(() => expect(first.isAborted).toBe(true));
    expect(FakeXhr.requests).toHaveLength(1);
  });
});
