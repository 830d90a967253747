import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubXhr } from '../../../test/fake-xhr';
import { removeCamera, stubCamera, stubVideoPlay } from '../../../test/kits/camera';
import { GAME_ID, gameOf, resultOf, stepOf, unmountScreens } from '../../../test/kits/gameplay';
import { renderPlayerPage, requestsTo, stubPlayApi } from '../../../test/kits/player';
import { jsonResponse } from '../../../test/stub-api';
import { GameplayPage } from './gameplay-page';

const GAME = `GET /api/play/acme/games/${GAME_ID}`;
const STEP = `/api/play/acme/games/${GAME_ID}/steps/step-1`;

/** Opens a game whose first step is a photo step; uploads go to the fake XHR it returns. */
function openPhotoStep() {
  URL.createObjectURL = vi.fn(() => 'blob:photo');
  URL.revokeObjectURL = vi.fn();
  const uploads = stubXhr();
  const api = stubPlayApi({
    [GAME]: () => jsonResponse(200, gameOf({ steps: [stepOf(1, { check_type: 'photo' })] })),
    [`POST ${STEP}/submit`]: () => jsonResponse(200, resultOf({ completed: true })),
  });
  renderPlayerPage(
    '/:tenantSlug/gioco/step',
    <GameplayPage />,
    `/acme/gioco/step?route=centro&game=${GAME_ID}`,
  );
  return { api, uploads };
}

/** Picks `photo` in the 'Scegli o scatta una foto' input found in `scope`. */
function pick(photo: File, scope: Pick<typeof screen, 'getByLabelText'> = screen) {
  const input = scope.getByLabelText<HTMLInputElement>('Scegli o scatta una foto');
  fireEvent.change(input, { target: { files: [photo] } });
}

const photoFile = () => new File(['jpeg'], 'IMG_0001.jpg', { type: 'image/jpeg' });
const banner = () => screen.queryByRole('status')?.textContent ?? null;
const submitButton = () => screen.getByRole<HTMLButtonElement>('button', { name: 'Submit' });

afterEach(() => {
  unmountScreens();
  removeCamera();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('photo steps never dead-end (issue 16)', () => {
  it("offers only the phone's picker when the page has no camera, and shows the upload's progress", async () => {
    removeCamera();
    const { api, uploads } = openPhotoStep();
    await screen.findByText('Step 1 di 1');
    const input = await screen.findByLabelText<HTMLInputElement>('Scegli o scatta una foto');
    expect(screen.queryByRole('button', { name: 'Take a Photo' })).toBeNull();
    expect(input.type).toBe('file');
    expect(input.accept).toBe('image/*');
    expect(input.getAttribute('capture')).toBe('environment');

    pick(photoFile());
    await waitFor(() => expect(uploads).toHaveLength(1));
    expect(input.disabled).toBe(true);
    act(() => uploads[0]?.progress(40, 100));
    expect(screen.getByText('Invio della foto... 40%')).toBeTruthy();
    expect(
      screen.getByRole('progressbar', { name: 'Invio della foto...' }).getAttribute('value'),
    ).toBe('40');
    expect(submitButton().disabled).toBe(true);
    act(() => uploads[0]?.respond(200, { photo_url: '/api/play/acme/photos/gs-1?v=1' }));
    await waitFor(() => expect(submitButton().disabled).toBe(false));
    expect(screen.queryByRole('progressbar', { name: 'Invio della foto...' })).toBeNull();
    expect(uploads[0]?.url).toBe(`${STEP}/photo`);
    expect(uploads[0]?.headers).toMatchObject({ 'x-tappa-csrf': '1' });
    // jsdom decodes no image: the photo goes as it is (the server checks it by content).
    expect((uploads[0]?.form.get('photo') as File).name).toBe('IMG_0001.jpg');
    fireEvent.click(submitButton());
    await waitFor(() => expect(requestsTo(api, 'POST', `${STEP}/submit`)).toHaveLength(1));
  });

  it('offers the picker next to the camera, and inside the camera when it is refused', async () => {
    stubVideoPlay();
    stubCamera([new DOMException('denied', 'NotAllowedError')]);
    const { uploads } = openPhotoStep();
    fireEvent.click(await screen.findByRole('button', { name: 'Take a Photo' }));
    expect(screen.getByLabelText('Scegli o scatta una foto')).toBeTruthy();
    const dialog = await screen.findByRole('dialog', { name: 'Take Photo' });
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'Camera permission denied. Please allow camera access in your browser.',
    );
    pick(photoFile(), within(dialog));
    expect(screen.queryByRole('dialog')).toBeNull();
    await waitFor(() => expect(uploads).toHaveLength(1));
    act(() => uploads[0]?.respond(200, { photo_url: '/api/play/acme/photos/gs-1?v=1' }));
    expect(await screen.findByRole('button', { name: 'Retake Photo' })).toBeTruthy();
    await waitFor(() => expect(submitButton().disabled).toBe(false));
  });

  it('shows a photo taken offline again after a reload without signal, and sends it when back', async () => {
    removeCamera();
    let online = false;
    vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => online);
    const first = openPhotoStep();
    await screen.findByText('Step 1 di 1');
    pick(photoFile());
    expect(await screen.findByRole('img', { name: 'La foto scattata' })).toBeTruthy();
    await waitFor(() => expect(submitButton().disabled).toBe(false));
    expect(first.uploads).toHaveLength(0);

    // A reload without signal: the queued photo is the step's photo, not a blank step.
    unmountScreens();
    const { uploads } = openPhotoStep();
    expect(await screen.findByRole('img', { name: 'La foto scattata' })).toBeTruthy();
    await waitFor(() => expect(submitButton().disabled).toBe(false));
    expect(screen.getByLabelText('Scegli o scatta una foto')).toBeTruthy();

    online = true;
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    await waitFor(() => expect(uploads).toHaveLength(1));
    expect((uploads[0]?.form.get('photo') as File).name).toBe('IMG_0001.jpg');
    act(() => uploads[0]?.respond(200, { photo_url: '/api/play/acme/photos/gs-1?v=1' }));
    // Sent, it stays the step's photo, ready for the answer.
    await waitFor(() => expect(banner()).toBeNull());
    expect(screen.getByRole('img', { name: 'La foto scattata' })).toBeTruthy();
    expect(submitButton().disabled).toBe(false);
  });
});
