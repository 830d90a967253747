import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubXhr } from '../../../test/fake-xhr';
import { removeCamera, stubCamera } from '../../../test/kits/camera';
import { GAME_ID, gameOf, resultOf, stepOf, unmountScreens } from '../../../test/kits/gameplay';
import { renderPlayerPage, requestsTo, stubPlayApi } from '../../../test/kits/player';
import type { Handler } from '../../../test/kits/player';
import { jsonBody, jsonResponse } from '../../../test/stub-api';
import { GameplayPage } from './gameplay-page';

// The camera overlays (tested on their own) stand in as buttons handing over a code or a photo.
vi.mock('../../../features/gameplay/camera/qr-scanner-overlay', () => ({
  default: ({ onScan }: { onScan: (code: string) => void }) => (
    <button type="button" onClick={() => onScan('NAVONA-4FIUMI')}>
      fake scan
    </button>
  ),
}));
vi.mock('../../../features/gameplay/camera/photo-capture-overlay', () => ({
  default: ({ onCapture }: { onCapture: (photo: File) => void }) => (
    <button
      type="button"
      onClick={() => onCapture(new File(['jpeg'], 'photo-1.jpg', { type: 'image/jpeg' }))}
    >
      fake shot
    </button>
  ),
}));

const URL_OF_GAME = `/acme/gioco/step?route=centro&game=${GAME_ID}`;
const GAME = `GET /api/play/acme/games/${GAME_ID}`;
const SUBMIT = (n: number) => `/api/play/acme/games/${GAME_ID}/steps/step-${n}/submit`;
const PHOTO = (n: number) => `/api/play/acme/games/${GAME_ID}/steps/step-${n}/photo`;

/** Opens the gameplay of `game` with extra API `handlers`. */
function openGame(game = gameOf(), handlers: Record<string, Handler> = {}) {
  const api = stubPlayApi({ [GAME]: () => jsonResponse(200, game), ...handlers });
  renderPlayerPage('/:tenantSlug/gioco/step', <GameplayPage />, URL_OF_GAME);
  return { api };
}

/** Types into the answer field. */
function type(value: string) {
  fireEvent.change(screen.getByLabelText('Your Answer'), { target: { value } });
}

const submitButton = () => screen.getByRole<HTMLButtonElement>('button', { name: 'Submit' });

afterEach(() => {
  unmountScreens();
  removeCamera();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('gameplay answer inputs', () => {
  it('sends the chosen answers of a multiple-choice step as an array', async () => {
    const steps = [stepOf(1, { check_type: 'choice', choices: ['A', 'B', 'C'], multiple: true })];
    const { api } = openGame(gameOf({ steps }), {
      [`POST ${SUBMIT(1)}`]: () =>
        jsonResponse(200, resultOf({ outcome: 'wrong', reason: { code: 'wrong_answer' } })),
    });
    expect(await screen.findByText('Select Your Answer')).toBeTruthy();
    expect(submitButton().disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'A' }));
    fireEvent.click(screen.getByRole('button', { name: 'C' }));
    fireEvent.click(screen.getByRole('button', { name: 'A' }));
    fireEvent.click(screen.getByRole('button', { name: 'B' }));
    fireEvent.click(submitButton());
    await screen.findByRole('alert');
    expect(jsonBody(requestsTo(api, 'POST', SUBMIT(1))[0])).toMatchObject({ answer: ['C', 'B'] });
  });

  it('keeps one choice of a single-choice step', async () => {
    const steps = [stepOf(1, { check_type: 'choice', choices: ['A', 'B'] })];
    const { api } = openGame(gameOf({ steps }), {
      [`POST ${SUBMIT(1)}`]: () =>
        jsonResponse(200, resultOf({ outcome: 'wrong', reason: { code: 'wrong_answer' } })),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'A' }));
    fireEvent.click(screen.getByRole('button', { name: 'B' }));
    expect(screen.getByRole('button', { name: 'A' }).getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(submitButton());
    await screen.findByRole('alert');
    expect(jsonBody(requestsTo(api, 'POST', SUBMIT(1))[0])).toMatchObject({ answer: ['B'] });
  });

  it('scans a QR code, shows it, scans again, and sends it; code steps type their answer', async () => {
    const steps = [stepOf(1, { check_type: 'qr' }), stepOf(2, { check_type: 'code' })];
    const { api } = openGame(gameOf({ steps }), {
      [`POST ${SUBMIT(1)}`]: () => jsonResponse(200, resultOf()),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Scan QR Code' }));
    expect(submitButton().disabled).toBe(true);
    fireEvent.click(await screen.findByRole('button', { name: 'fake scan' }));
    expect(screen.getByText('QR Code Scanned: NAVONA-4FIUMI')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'fake scan' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Scan Again' }));
    fireEvent.click(await screen.findByRole('button', { name: 'fake scan' }));
    fireEvent.click(submitButton());
    expect(await screen.findByText('Step 2 di 2')).toBeTruthy();
    expect(jsonBody(requestsTo(api, 'POST', SUBMIT(1))[0])).toMatchObject({
      answer: 'NAVONA-4FIUMI',
    });
    expect(screen.getByLabelText('Your Answer')).toBeTruthy();
  });

  it('uploads the photo taken, says when the upload fails, sends it again, then allows Submit', async () => {
    URL.createObjectURL = vi.fn(() => 'blob:photo');
    URL.revokeObjectURL = vi.fn();
    stubCamera([]);
    const uploads = stubXhr();
    const { api } = openGame(gameOf({ steps: [stepOf(1, { check_type: 'photo' }), stepOf(2)] }), {
      [`POST ${SUBMIT(1)}`]: () => jsonResponse(200, resultOf()),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Take a Photo' }));
    expect(submitButton().disabled).toBe(true);
    fireEvent.click(await screen.findByRole('button', { name: 'fake shot' }));
    await waitFor(() => expect(uploads).toHaveLength(1));
    act(() => uploads[0]?.failNetwork());
    expect((await screen.findByRole('alert')).textContent).toContain('La foto non è stata inviata');
    expect(screen.getByRole<HTMLImageElement>('img', { name: 'La foto scattata' }).src).toBe(
      'blob:photo',
    );
    expect(submitButton().disabled).toBe(true);

    fireEvent.click(screen.getByRole('button', { name: 'Riprova' }));
    await waitFor(() => expect(uploads).toHaveLength(2));
    act(() => uploads[1]?.respond(200, { photo_url: '/api/photos/gs-1?v=1' }));
    expect(await screen.findByRole('button', { name: 'Retake Photo' })).toBeTruthy();
    // The submit opens once the upload has been answered.
    await waitFor(() => expect(submitButton().disabled).toBe(false));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(uploads.map((xhr) => `${xhr.method} ${xhr.url}`)).toEqual([
      `POST ${PHOTO(1)}`,
      `POST ${PHOTO(1)}`,
    ]);
    expect((uploads[1]?.form.get('photo') as File).name).toBe('photo-1.jpg');

    fireEvent.click(submitButton());
    expect(await screen.findByText('Step 2 di 2')).toBeTruthy();
    expect(jsonBody(requestsTo(api, 'POST', SUBMIT(1))[0])).toMatchObject({ answer: null });
  });

  it('sends a failed photo again by itself when the phone is back online', async () => {
    URL.createObjectURL = vi.fn(() => 'blob:photo');
    URL.revokeObjectURL = vi.fn();
    stubCamera([]);
    const uploads = stubXhr();
    openGame(gameOf({ steps: [stepOf(1, { check_type: 'photo' })] }));
    fireEvent.click(await screen.findByRole('button', { name: 'Take a Photo' }));
    fireEvent.click(await screen.findByRole('button', { name: 'fake shot' }));
    await waitFor(() => expect(uploads).toHaveLength(1));
    act(() => uploads[0]?.failNetwork());
    await screen.findByRole('alert');
    // The screen listens once the failure is shown (an effect, which a busy machine runs a
    // little later): the phone comes back online until it is heard, and sends the photo once.
    await waitFor(() => {
      act(() => {
        window.dispatchEvent(new Event('online'));
      });
      expect(uploads).toHaveLength(2);
    });
    act(() => uploads[1]?.respond(200, { photo_url: '/api/photos/gs-1?v=2' }));
    expect(await screen.findByRole('button', { name: 'Retake Photo' })).toBeTruthy();
    // The submit opens once the upload sent again has been answered.
    await waitFor(() => expect(submitButton().disabled).toBe(false));
  });

  it("sends the phone's compass heading when no letter is picked", async () => {
    vi.stubGlobal('DeviceOrientationEvent', class extends Event {});
    const steps = [stepOf(1, { requires_orientation: true })];
    const { api } = openGame(gameOf({ steps }), {
      [`POST ${SUBMIT(1)}`]: () =>
        jsonResponse(200, resultOf({ outcome: 'wrong', reason: { code: 'wrong_answer' } })),
    });
    await screen.findByText('Step 1 di 1');
    act(() => {
      window.dispatchEvent(
        Object.assign(new Event('deviceorientationabsolute'), { absolute: true, alpha: 270 }),
      );
    });
    expect(await screen.findByText('Direzione del telefono: 90°')).toBeTruthy();
    type('Roma');
    fireEvent.click(submitButton());
    await screen.findByRole('alert');
    expect(jsonBody(requestsTo(api, 'POST', SUBMIT(1))[0])).toMatchObject({ heading_deg: 90 });
  });

  it('sends the picked compass letter as heading_deg', async () => {
    const steps = [stepOf(1, { requires_orientation: true })];
    const { api } = openGame(gameOf({ steps }), {
      [`POST ${SUBMIT(1)}`]: () =>
        jsonResponse(
          200,
          resultOf({
            outcome: 'wrong',
            reason: { code: 'wrong_orientation' },
          }),
        ),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'E' }));
    type('Roma');
    fireEvent.click(submitButton());
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Incorrect orientation! Check your compass direction.',
    );
    expect(jsonBody(requestsTo(api, 'POST', SUBMIT(1))[0])).toMatchObject({ heading_deg: 90 });
  });
});
