import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { advanceClock, useFakeClock, waitUntil } from '../../../test/fake-clock';
import { GAME_ID, gameOf, resultOf, stepOf, unmountScreens } from '../../../test/kits/gameplay';
import { renderPlayerPage, requestsTo, stubPlayApi } from '../../../test/kits/player';
import type { Handler } from '../../../test/kits/player';
import { errorResponse, jsonBody, jsonResponse } from '../../../test/stub-api';
import { GameplayPage } from './gameplay-page';

const PATH = '/:tenantSlug/gioco/step';
const URL = `/acme/gioco/step?route=centro&game=${GAME_ID}`;
const GAME = `GET /api/play/acme/games/${GAME_ID}`;
const SUBMIT = (n: number) => `/api/play/acme/games/${GAME_ID}/steps/step-${n}/submit`;
const PAUSE = `/api/play/acme/games/${GAME_ID}/pause`;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/** Opens the gameplay of `game` with extra API `handlers`. */
function openGame(game = gameOf(), handlers: Record<string, Handler> = {}) {
  const api = stubPlayApi({ [GAME]: () => jsonResponse(200, game), ...handlers });
  const router = renderPlayerPage(PATH, <GameplayPage />, URL);
  return { api, router };
}

/** Types into the answer field. */
function type(value: string) {
  fireEvent.change(screen.getByLabelText('Your Answer'), { target: { value } });
}

const submitButton = () => screen.getByRole<HTMLButtonElement>('button', { name: 'Submit' });

afterEach(() => {
  unmountScreens();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('gameplay', () => {
  it("shows 'Loading game...' then the header, the step number and the task", async () => {
    openGame();
    expect(await screen.findByText('Loading game...')).toBeTruthy();
    expect(await screen.findByRole('heading', { name: 'Giro del Centro' })).toBeTruthy();
    expect(screen.getByText('Team: I Leoni')).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Logo di Acme Quest' })).toBeTruthy();
    expect(screen.getByText('Step 1 di 3')).toBeTruthy();
    expect(screen.getByText('Compito 1')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Skip' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Next' })).toBeNull();
  });

  it('ticks the elapsed timer every second (m:ss, h:mm:ss past an hour) and pauses it', async () => {
    vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'] });
    vi.setSystemTime(new Date('2026-05-04T10:01:05.000Z'));
    openGame();
    const timer = await screen.findByRole('timer');
    expect(timer.textContent).toBe('1:05');
    act(() => {
      vi.advanceTimersByTime(1000);
    });
    expect(timer.textContent).toBe('1:06');
    fireEvent.click(screen.getByRole('button', { name: 'Pausa' }));
    act(() => {
      vi.advanceTimersByTime(3000);
    });
    expect(timer.textContent).toBe('1:06');
    fireEvent.click(screen.getByRole('button', { name: 'Riprendi' }));
    expect(timer.textContent).toBe('1:09');
    act(() => {
      vi.setSystemTime(new Date('2026-05-04T11:00:04.000Z'));
    });
    act(() => {
      vi.advanceTimersByTime(1000);
    });
    expect(timer.textContent).toBe('1:00:05');
  });

  it("toggles the hint and opens the place's sheet with directions", async () => {
    openGame();
    fireEvent.click(await screen.findByRole('button', { name: 'Show Hint' }));
    expect(screen.getByText('Indizio 1')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Hide Hint' }));
    expect(screen.queryByText('Indizio 1')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Piazza 1' }));
    const sheet = await screen.findByRole('dialog', { name: 'Luogo della tappa' });
    expect(within(sheet).getByText('Piazza 1')).toBeTruthy();
    const link = within(sheet).getByRole('link', { name: 'Ottieni indicazioni' });
    expect(link.getAttribute('href')).toBe(
      'https://www.google.com/maps/dir/?api=1&destination=41.9,12.48',
    );
    expect(link.getAttribute('target')).toBe('_blank');
    fireEvent.click(within(sheet).getByRole('button', { name: 'Chiudi' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it("submits a text answer with a new uuid per try and shows the spec's wrong-answer text", async () => {
    let answer = jsonResponse(
      200,
      resultOf({ outcome: 'wrong', reason: { code: 'wrong_answer' } }),
    );
    const { api } = openGame(gameOf(), { [`POST ${SUBMIT(1)}`]: () => answer });
    await screen.findByText('Step 1 di 3');
    expect(screen.getByPlaceholderText('Enter your answer')).toBeTruthy();
    expect(submitButton().disabled).toBe(true);
    type('  Roma ');
    fireEvent.click(submitButton());
    expect((await screen.findByRole('alert')).textContent).toBe('Incorrect answer. Try again!');

    answer = jsonResponse(200, resultOf());
    fireEvent.click(submitButton());
    expect(await screen.findByText('Step 2 di 3')).toBeTruthy();
    const [first, second] = requestsTo(api, 'POST', SUBMIT(1)).map(jsonBody) as {
      submission_id: string;
    }[];
    expect(Object.keys(first ?? {}).sort()).toEqual([
      'answer',
      'heading_deg',
      'position',
      'submission_id',
    ]);
    expect(first).toMatchObject({ answer: '  Roma ', position: null, heading_deg: null });
    expect(first?.submission_id).toMatch(UUID);
    expect(second?.submission_id).toMatch(UUID);
    expect(second?.submission_id).not.toBe(first?.submission_id);
  });

  it('keeps the submission id when retrying a try that failed on the network', async () => {
    let fail = true;
    const { api } = openGame(gameOf(), {
      [`POST ${SUBMIT(1)}`]: () => {
        if (fail) throw new TypeError('Failed to fetch');
        return jsonResponse(200, resultOf());
      },
    });
    await screen.findByText('Step 1 di 3');
    type('Roma');
    fireEvent.click(submitButton());
    const retry = await screen.findByRole('button', { name: 'Riprova' });
    expect(screen.getByRole('alert').textContent).toContain('Connessione assente');
    fail = false;
    fireEvent.click(retry);
    expect(await screen.findByText('Step 2 di 3')).toBeTruthy();
    const ids = requestsTo(api, 'POST', SUBMIT(1)).map(
      (init) => (jsonBody(init) as { submission_id: string }).submission_id,
    );
    expect(ids).toHaveLength(2);
    expect(ids[0]).toBe(ids[1]);
  });

  it('saves the game as paused when the page goes away, with a request that outlives it', async () => {
    const { api } = openGame();
    await screen.findByText('Step 1 di 3');
    expect(requestsTo(api, 'POST', PAUSE)).toHaveLength(0);
    act(() => {
      window.dispatchEvent(new Event('pagehide'));
    });
    const [pause] = requestsTo(api, 'POST', PAUSE);
    expect(pause).toMatchObject({ keepalive: true, headers: { 'x-tappa-csrf': '1' } });
  });

  it('saves the game as paused when the team leaves the screen within the app', async () => {
    const { api, router } = openGame();
    await screen.findByText('Step 1 di 3');
    await act(() => router.navigate('/acme/start'));
    await waitFor(() => expect(requestsTo(api, 'POST', PAUSE)).toHaveLength(1));
  });

  it('does not pause a game that ended: the last step leads to the scoreboard', async () => {
    const { api, router } = openGame(gameOf({ steps: [stepOf(1)] }), {
      [`POST ${SUBMIT(1)}`]: () =>
        jsonResponse(200, resultOf({ completed: true, current_step_index: 0 })),
    });
    await screen.findByText('Step 1 di 1');
    // The screen confirms a leave a tick later: that tick runs on the fake clock, not in real time.
    useFakeClock();
    type('Roma');
    fireEvent.click(submitButton());
    await waitUntil(() => expect(router.state.location.pathname).toBe('/acme/game/scoreboard'));
    await advanceClock(0);
    act(() => {
      window.dispatchEvent(new Event('pagehide'));
    });
    expect(requestsTo(api, 'POST', PAUSE)).toHaveLength(0);
  });

  it('shows the catalogue text of a refused try (429), not the developer detail', async () => {
    openGame(gameOf(), {
      [`POST ${SUBMIT(1)}`]: () => errorResponse('too_many_tries', { retry_after_s: 6 }),
    });
    await screen.findByText('Step 1 di 3');
    type('Roma');
    fireEvent.click(submitButton());
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Troppi tentativi: riprova tra 6 secondi',
    );
  });

  it('shows the step the server is on when it refuses a try as not for the current step', async () => {
    // However the screen came to show step 2 while the game is on step 1 (another phone, or
    // the offline queue), the refusal leads it there with the server's reason.
    openGame(gameOf({ current_step_index: 1 }), {
      [`POST ${SUBMIT(2)}`]: () => errorResponse('step_not_current', { step_number: 1 }),
    });
    await screen.findByText('Step 2 di 3');
    type('Tevere');
    fireEvent.click(submitButton());
    expect(await screen.findByText('Step 1 di 3')).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe(
      'Non è la tappa in corso: rispondi prima alla tappa 1',
    );
  });
});
