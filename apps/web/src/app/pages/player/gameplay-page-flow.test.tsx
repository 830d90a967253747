import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { GAME_ID, gameOf, resultOf, stepOf, unmountScreens } from '../../../test/kits/gameplay';
import { renderPlayerPage, requestsTo, stubPlayApi } from '../../../test/kits/player';
import type { Handler } from '../../../test/kits/player';
import { jsonBody, jsonResponse } from '../../../test/stub-api';
import { GameplayPage } from './gameplay-page';
import { dialogs } from '../../../lib/dialogs';

const URL_OF_GAME = `/acme/gioco/step?route=centro&game=${GAME_ID}`;
const GAME = `GET /api/play/acme/games/${GAME_ID}`;
const STEP = (n: number) => `/api/play/acme/games/${GAME_ID}/steps/step-${n}`;
const FINISH = `/api/play/acme/games/${GAME_ID}/finish`;
const EXPLORATION = { route_type: 'exploration' } as const;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/** Opens the gameplay of `game` with extra API `handlers`. */
function openGame(game = gameOf(), handlers: Record<string, Handler> = {}) {
  const api = stubPlayApi({ [GAME]: () => jsonResponse(200, game), ...handlers });
  const router = renderPlayerPage('/:tenantSlug/gioco/step', <GameplayPage />, URL_OF_GAME);
  return { api, router };
}

const button = (name: string) => screen.getByRole<HTMLButtonElement>('button', { name });

afterEach(() => {
  unmountScreens();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the play flow (issue 16)', () => {
  it("finishes an exploration route with 'Next' on the last step, through the server", async () => {
    let answer: () => Response = () => {
      throw new TypeError('Failed to fetch');
    };
    const { api } = openGame(gameOf({}, EXPLORATION), { [`POST ${FINISH}`]: () => answer() });
    await screen.findByText('Step 1 di 3');
    fireEvent.click(button('Next'));
    fireEvent.click(button('Next'));
    expect(screen.getByText('Step 3 di 3')).toBeTruthy();
    expect(requestsTo(api, 'POST', FINISH)).toHaveLength(0);

    // The last 'Next' asks the server to end the game; a lost answer is sent again, same id.
    fireEvent.click(button('Next'));
    const retry = await screen.findByRole('button', { name: 'Riprova' });
    expect(screen.getByText('Step 3 di 3')).toBeTruthy();
    answer = () => jsonResponse(200, resultOf({ outcome: 'finished', points: 0, completed: true }));
    fireEvent.click(retry);
    expect(await screen.findByRole('heading', { name: 'Percorso Completato' })).toBeTruthy();
    const ids = requestsTo(api, 'POST', FINISH).map(
      (init) => (jsonBody(init) as { submission_id: string }).submission_id,
    );
    expect(ids).toHaveLength(2);
    expect(ids[0]).toMatch(UUID);
    expect(new Set(ids).size).toBe(1);
  });

  it('moves on to the next step after an answer on an exploration route', async () => {
    openGame(gameOf({}, EXPLORATION), {
      [`POST ${STEP(2)}/submit`]: () =>
        jsonResponse(200, resultOf({ points: 0, current_step_index: 2 })),
    });
    await screen.findByText('Step 1 di 3');
    fireEvent.click(button('Next'));
    fireEvent.change(screen.getByLabelText('Your Answer'), { target: { value: 'x' } });
    fireEvent.click(button('Submit'));
    expect(await screen.findByText('Step 3 di 3')).toBeTruthy();
    expect(button('Next').disabled).toBe(false);
  });

  it('shows the end-of-game scoreboard when a finished progressive game is reopened', async () => {
    const { router } = openGame(gameOf({ status: 'completed' }));
    await waitFor(() =>
      expect(router.state.location.pathname + router.state.location.search).toBe(
        `/acme/game/scoreboard?route=centro&game=${GAME_ID}`,
      ),
    );
    expect(screen.queryByRole('heading', { name: 'Percorso Completato' })).toBeNull();
  });

  it("shows 'Percorso Completato' when a finished exploration game is reopened", async () => {
    const { router } = openGame(gameOf({ status: 'completed' }, EXPLORATION));
    expect(await screen.findByRole('heading', { name: 'Percorso Completato' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/acme/gioco/step');
  });

  it('skips a step only after the team confirms it', async () => {
    const confirm = vi.spyOn(dialogs, 'confirm').mockResolvedValueOnce(false);
    const { api } = openGame(gameOf(), {
      [`POST ${STEP(1)}/skip`]: () => jsonResponse(200, resultOf({ outcome: 'skipped' })),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Skip' }));
    expect(confirm).toHaveBeenCalledWith(
      'Vuoi davvero saltare questa tappa? Non potrai più rispondere.',
    );
    expect(requestsTo(api, 'POST', `${STEP(1)}/skip`)).toHaveLength(0);
    expect(screen.getByText('Step 1 di 3')).toBeTruthy();
    confirm.mockResolvedValueOnce(true);
    fireEvent.click(button('Skip'));
    expect(await screen.findByText('Step 2 di 3')).toBeTruthy();
    expect(requestsTo(api, 'POST', `${STEP(1)}/skip`)).toHaveLength(1);
  });

  it('shows a tidy note for a step image, audio or video that cannot be loaded', async () => {
    const media = [
      { type: 'image', url: '/files/gone.jpg', caption: 'La fontana' },
      { type: 'audio', url: '/files/gone.mp3', caption: 'Il racconto' },
      { type: 'video', url: '/files/gone.mp4' },
    ] as const;
    openGame(gameOf({ steps: [stepOf(1, { media: [...media] })] }));
    const image = await screen.findByRole('img', { name: 'La fontana' });
    expect(screen.queryByText('Immagine non disponibile')).toBeNull();
    fireEvent.error(image);
    fireEvent.error(screen.getByLabelText('Il racconto'));
    const video = document.querySelector('video');
    if (!video) throw new Error('No video element');
    fireEvent.error(video);
    expect(screen.getByText('Immagine non disponibile')).toBeTruthy();
    expect(screen.getByText('Audio non disponibile')).toBeTruthy();
    expect(screen.getByText('Video non disponibile')).toBeTruthy();
    expect(screen.queryByRole('img', { name: 'La fontana' })).toBeNull();
    // The captions stay with their note.
    expect(screen.getByText('La fontana')).toBeTruthy();
  });

  it('puts the title and team on one row and the timer with its buttons on the next', async () => {
    const title = 'Il grande giro delle fontane, delle piazze e dei vicoli del centro storico';
    openGame(gameOf({}, { title }));
    const heading = await screen.findByRole('heading', { name: title });
    expect(heading.getAttribute('title')).toBe(title);
    const header = heading.closest('header');
    if (!header) throw new Error('No header');
    const [identity, controls] = Array.from(header.children);
    expect(identity?.contains(heading)).toBe(true);
    expect(identity?.textContent).toContain('Team: I Leoni');
    const row = within(controls as HTMLElement);
    expect(row.getByRole('timer')).toBeTruthy();
    expect(row.getByRole('button', { name: 'Pausa' })).toBeTruthy();
    expect(row.getByRole('button', { name: 'Stop' })).toBeTruthy();
  });
});
