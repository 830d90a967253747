import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { GAME_ID, gameOf, resultOf, unmountScreens } from '../../../test/kits/gameplay';
import { renderPlayerPage, requestsTo, stubPlayApi } from '../../../test/kits/player';
import type { Handler } from '../../../test/kits/player';
import { errorResponse, jsonBody, jsonResponse } from '../../../test/stub-api';
import { defaultQueueStore } from '../../../features/gameplay/offline/page-queue';
import { pauseItem } from '../../../features/gameplay/offline/queue-store';
import { hasWaitingAnswers } from '../../../features/gameplay/offline/waiting-flag';
import { GameplayPage } from './gameplay-page';

const URL_OF_GAME = `/acme/gioco/step?route=centro&game=${GAME_ID}`;
const GAME = `GET /api/play/acme/games/${GAME_ID}`;
const SUBMIT = (n: number) => `/api/play/acme/games/${GAME_ID}/steps/step-${n}/submit`;
const FINISH = `/api/play/acme/games/${GAME_ID}/finish`;
const PAUSE = `/api/play/acme/games/${GAME_ID}/pause`;

let online = true;
/** Switches the phone's connection, as the browser says it (and its `online` event). */
function setOnline(next: boolean) {
  online = next;
  act(() => {
    window.dispatchEvent(new Event(next ? 'online' : 'offline'));
  });
}

function openGame(handlers: Record<string, Handler> = {}, game = gameOf()) {
  const api = stubPlayApi({ [GAME]: () => jsonResponse(200, game), ...handlers });
  renderPlayerPage('/:tenantSlug/gioco/step', <GameplayPage />, URL_OF_GAME);
  return api;
}

async function answer(stepNumber: number, value: string) {
  expect(await screen.findByText(`Step ${stepNumber} di 3`)).toBeTruthy();
  fireEvent.change(screen.getByLabelText('Your Answer'), { target: { value } });
  fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
}

const banner = () => screen.queryByRole('status')?.textContent ?? null;

/** The server's verdict on a wrong answer. */
const wrongAnswer = () =>
  jsonResponse(200, resultOf({ outcome: 'wrong', reason: { code: 'wrong_answer' }, points: 0 }));

/** Answers the three steps without a connection: every step waits, the last one saved. */
async function answerAllOffline() {
  await screen.findByText('Step 1 di 3');
  setOnline(false);
  await answer(1, 'uno');
  await answer(2, 'due');
  await answer(3, 'tre');
  expect(await screen.findByText('Risposta salvata')).toBeTruthy();
}

beforeEach(() => {
  online = true;
  vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => online);
});

afterEach(() => {
  unmountScreens();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('gameplay without a connection', () => {
  it('queues tries offline, plays on, survives a reload, and sends each once in order when back', async () => {
    const api = openGame({
      [`POST ${SUBMIT(1)}`]: () => jsonResponse(200, resultOf({ current_step_index: 1 })),
      [`POST ${SUBMIT(2)}`]: () =>
        jsonResponse(200, resultOf({ current_step_index: 2, total_score: 20 })),
    });
    await screen.findByText('Step 1 di 3');
    setOnline(false);
    expect(banner()).toBe(
      'Sei offline: puoi continuare a giocare, le risposte saranno inviate quando torna la connessione.',
    );
    await answer(1, 'Roma');
    await waitFor(() => expect(banner()).toBe('Sei offline: 1 risposta in attesa di invio.'));
    await answer(2, 'Tevere');
    await waitFor(() => expect(banner()).toBe('Sei offline: 2 risposte in attesa di invio.'));
    expect(await screen.findByText('Step 3 di 3')).toBeTruthy();
    expect(requestsTo(api, 'POST', SUBMIT(1))).toHaveLength(0);

    // A reload without signal: the queue is still there, and so is the step the team is on.
    unmountScreens();
    openGame({
      [`POST ${SUBMIT(1)}`]: () => jsonResponse(200, resultOf({ current_step_index: 1 })),
      [`POST ${SUBMIT(2)}`]: () =>
        jsonResponse(200, resultOf({ current_step_index: 2, total_score: 20 })),
    });
    expect(await screen.findByText('Step 3 di 3')).toBeTruthy();
    await waitFor(() => expect(banner()).toBe('Sei offline: 2 risposte in attesa di invio.'));
    const reopened = vi.mocked(fetch);

    setOnline(true);
    await waitFor(() => expect(banner()).toBeNull());
    const sent = reopened.mock.calls
      .filter(([, init]) => init?.method === 'POST')
      .map(([input, init]) => [typeof input === 'string' ? input : null, jsonBody(init)]);
    expect(sent).toEqual([
      [SUBMIT(1), expect.objectContaining({ answer: 'Roma' })],
      [SUBMIT(2), expect.objectContaining({ answer: 'Tevere' })],
    ]);
    expect(screen.getByText('Step 3 di 3')).toBeTruthy();
  });

  it('shows the step a queued try was saved on, and what the server said when it is wrong', async () => {
    openGame({
      [`POST ${SUBMIT(3)}`]: wrongAnswer,
      [`POST ${SUBMIT(1)}`]: () => jsonResponse(200, resultOf({ current_step_index: 1 })),
      [`POST ${SUBMIT(2)}`]: () => jsonResponse(200, resultOf({ current_step_index: 2 })),
    });
    await answerAllOffline();
    expect(screen.queryByRole('button', { name: 'Submit' })).toBeNull();
    setOnline(true);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Step 3, verificato al ritorno della connessione:');
    // Step 3 is open again for another try.
    expect(await screen.findByLabelText('Your Answer')).toBeTruthy();
    expect(screen.getByText('Step 3 di 3')).toBeTruthy();
  });

  it('leads back to the step the server is on when a wrong queued try leaves the later ones refused', async () => {
    const notCurrent = () => errorResponse('step_not_current', { step_number: 1 });
    openGame({
      [`POST ${SUBMIT(1)}`]: wrongAnswer,
      [`POST ${SUBMIT(2)}`]: notCurrent,
      [`POST ${SUBMIT(3)}`]: notCurrent,
    });
    await answerAllOffline();
    setOnline(true);
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toContain(
        'Step 3, verificato al ritorno della connessione: Non è la tappa in corso: rispondi prima alla tappa 1',
      ),
    );
    expect(screen.getByRole('alert').textContent).toContain(
      'Step 1, verificato al ritorno della connessione: Incorrect answer. Try again!',
    );
    // The screen is back on step 1, the one the server takes a try for.
    expect(await screen.findByText('Step 1 di 3')).toBeTruthy();
    expect(screen.getByLabelText('Your Answer')).toBeTruthy();
  });

  it("ends an exploration route offline: 'Percorso Completato' at once, the end sent after the answers when back", async () => {
    const exploration = gameOf({}, { route_type: 'exploration' });
    const handlers = {
      [`POST ${SUBMIT(3)}`]: () =>
        jsonResponse(200, resultOf({ points: 0, current_step_index: 2 })),
      [`POST ${FINISH}`]: () =>
        jsonResponse(200, resultOf({ outcome: 'finished', points: 0, completed: true })),
    };
    const api = openGame(handlers, exploration);
    await screen.findByText('Step 1 di 3');
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    setOnline(false);
    await answer(3, 'tre');
    // The queued step closes and the team is sent to the first open one; it walks back to the end.
    expect(await screen.findByText('Step 1 di 3')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Step 3 di 3')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('heading', { name: 'Percorso Completato' })).toBeTruthy();
    await waitFor(() => expect(banner()).toBe('Sei offline: 1 risposta in attesa di invio.'));
    expect(requestsTo(api, 'POST', FINISH)).toHaveLength(0);

    // A reload without signal still shows the route completed.
    unmountScreens();
    openGame(handlers, exploration);
    expect(await screen.findByRole('heading', { name: 'Percorso Completato' })).toBeTruthy();
    const reopened = vi.mocked(fetch);

    setOnline(true);
    await waitFor(() => expect(banner()).toBeNull());
    const sent = reopened.mock.calls
      .filter(([, init]) => init?.method === 'POST')
      .map(([input]) => input);
    expect(sent).toEqual([SUBMIT(3), FINISH]);
    expect(screen.getByRole('heading', { name: 'Percorso Completato' })).toBeTruthy();
  });

  it('queues the pause of a game left offline, and drops it when the game opens again', async () => {
    const noNetwork = () => Promise.reject(new TypeError('Failed to fetch'));
    const store = defaultQueueStore();
    const other = pauseItem('acme', 'another-game');
    await store.put(other);
    openGame({ [`POST ${PAUSE}`]: noNetwork });
    await screen.findByText('Step 1 di 3');
    setOnline(false);
    unmountScreens();
    await waitFor(async () =>
      expect((await store.list()).map((item) => item.id)).toEqual([other.id, `pause:${GAME_ID}`]),
    );
    expect(hasWaitingAnswers()).toBe(true);

    // The team opens the game again: it plays, so its pause is never sent; another game's stays.
    const api = openGame({ [`POST ${PAUSE}`]: noNetwork });
    await screen.findByText('Step 1 di 3');
    await waitFor(async () => expect(await store.list()).toEqual([other]));
    // Back from the browser's back-forward cache, without a new screen: dropped too.
    await store.put(pauseItem('acme', GAME_ID));
    act(() => {
      window.dispatchEvent(new PageTransitionEvent('pageshow', { persisted: true }));
    });
    await waitFor(async () => expect(await store.list()).toEqual([other]));
    setOnline(true);
    await waitFor(() => expect(banner()).toBeNull());
    expect(requestsTo(api, 'POST', PAUSE)).toHaveLength(0);
    await store.remove(other.id);
  });
});
