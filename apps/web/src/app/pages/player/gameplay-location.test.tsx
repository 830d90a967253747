import type { GameLocation, GameState } from '@tappa/contracts';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../lib/i18n';
import {
  GAME_ID,
  gameOf,
  resultOf,
  stubPhoneGeolocation,
  stubWebSocket,
  unmountScreens,
} from '../../../test/kits/gameplay';
import { gameLiveOf } from '../../../test/kits/live';
import { renderPlayerPage, requestsTo, stubPlayApi } from '../../../test/kits/player';
import type { Handler } from '../../../test/kits/player';
import { stubEventSource } from '../../../test/kits/scoreboards';
import { errorResponse, jsonBody, jsonResponse } from '../../../test/stub-api';
import { GameplayPage } from './gameplay-page';

// The live map on the team's phone (issue 37, decision 0086): the question before the first step,
// the indicator while playing, and the position a try carries. The fixes' sender has its own file.

const PATH = '/:tenantSlug/gioco/step';
const URL = `/acme/gioco/step?route=centro&game=${GAME_ID}`;
const GAME_PATH = `/api/play/acme/games/${GAME_ID}`;
const SHARE = `${GAME_PATH}/location`;
const FIXES = `${GAME_PATH}/fixes`;
const SUBMIT = `${GAME_PATH}/steps/step-1/submit`;

const RETENTION_30 =
  'La posizione della squadra è visibile agli organizzatori durante il gioco e cancellata dopo 30 giorni';

/** A game of a route that asks for positions, the team's answer `sharing`. */
function sharingGame(location: Partial<GameLocation> = {}, overrides: Partial<GameState> = {}) {
  return gameOf({
    location: {
      sharing: null,
      purpose: 'Per ritrovarvi se vi perdete',
      retention_days: 30,
      ...location,
    },
    ...overrides,
  });
}

/** Opens the game; its state answers `game`, the answer is kept as sent unless a handler says. */
function openGame(game: GameState, handlers: Record<string, Handler> = {}) {
  const api = stubPlayApi({
    [`GET ${GAME_PATH}`]: () => jsonResponse(200, game),
    [`GET ${GAME_PATH}/live`]: () => jsonResponse(200, gameLiveOf()),
    [`PUT ${SHARE}`]: (init) => jsonResponse(200, jsonBody(init)),
    [`POST ${FIXES}`]: () => new Response(null, { status: 204 }),
    ...handlers,
  });
  renderPlayerPage(PATH, <GameplayPage />, URL);
  return api;
}

/** The answers the phone sent with `gameLocation.shareLocation`. */
const answersSent = (api: ReturnType<typeof stubPlayApi>) =>
  requestsTo(api, 'PUT', SHARE).map((init) => jsonBody(init));

/** The question's card, found by its title. */
async function question() {
  return screen.findByRole('region', { name: 'Condividere la posizione?' });
}

beforeEach(() => {
  stubEventSource();
  // The fixes' socket stays connecting unless a test opens it: fixes go as requests.
  stubWebSocket();
  localStorage.clear();
});

afterEach(() => {
  unmountScreens();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the question before the first step', () => {
  it('says who sees the position, for how long and why, in place of the step', async () => {
    const geo = stubPhoneGeolocation();
    openGame(sharingGame());
    const card = await question();
    expect(within(card).getByText(RETENTION_30)).toBeTruthy();
    expect(card.textContent).toContain('Perché: Per ritrovarvi se vi perdete');
    expect(within(card).getByRole('button', { name: 'Condividi la posizione' })).toBeTruthy();
    expect(within(card).getByRole('button', { name: 'Gioca senza condividere' })).toBeTruthy();
    expect(screen.queryByText('Compito 1')).toBeNull();
    // Nothing asks the browser for the position before the team chose to share it.
    expect(geo.watchPosition).not.toHaveBeenCalled();
  });

  it.each([
    [1, 'e cancellata dopo 1 giorno'],
    [7, 'e cancellata dopo 7 giorni'],
    [0, "e cancellata entro un'ora"],
  ])('says how long positions are kept: %i days', async (days, ending) => {
    stubPhoneGeolocation();
    openGame(sharingGame({ retention_days: days, purpose: null }));
    const card = await question();
    expect(
      within(card).getByText(
        `La posizione della squadra è visibile agli organizzatori durante il gioco ${ending}`,
      ),
    ).toBeTruthy();
    // No purpose set: no 'Perché:'.
    expect(card.textContent).not.toContain('Perché:');
  });

  it('reads in English', async () => {
    stubPhoneGeolocation();
    await i18n.changeLanguage('en');
    try {
      openGame(sharingGame({ purpose: 'To find you if you get lost' }));
      const card = await screen.findByRole('region', { name: 'Share your position?' });
      expect(
        within(card).getByText(
          "The team's position is visible to the organisers during the game and deleted after 30 days",
        ),
      ).toBeTruthy();
      expect(card.textContent).toContain('Why: To find you if you get lost');
      expect(within(card).getByRole('button', { name: 'Share position' })).toBeTruthy();
      expect(within(card).getByRole('button', { name: 'Play without sharing' })).toBeTruthy();
    } finally {
      await i18n.changeLanguage('it');
    }
  });

  it("'Condividi la posizione' sends the answer, waits busy, then shows the step and watches", async () => {
    const geo = stubPhoneGeolocation();
    let answer: (response: Response) => void = () => undefined;
    const api = openGame(sharingGame(), {
      [`PUT ${SHARE}`]: () => new Promise((resolve) => (answer = resolve)),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Condividi la posizione' }));
    expect(answersSent(api)).toEqual([{ sharing: 'shared' }]);
    const buttons = within(await question()).getAllByRole('button');
    expect(buttons.every((button) => (button as HTMLButtonElement).disabled)).toBe(true);
    expect(geo.watchPosition).not.toHaveBeenCalled();

    await act(async () => answer(jsonResponse(200, { sharing: 'shared' })));
    expect(await screen.findByText('Compito 1')).toBeTruthy();
    expect(screen.getByText('Posizione condivisa')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Sospendi condivisione' })).toBeTruthy();
    expect(geo.watchPosition).toHaveBeenCalledTimes(1);
    expect(geo.watchPosition.mock.calls[0]?.[2]).toMatchObject({ enableHighAccuracy: true });
  });

  it("'Gioca senza condividere' sends the answer and plays as before, asking nothing of the browser", async () => {
    const geo = stubPhoneGeolocation();
    const api = openGame(sharingGame());
    fireEvent.click(await screen.findByRole('button', { name: 'Gioca senza condividere' }));
    expect(await screen.findByText('Compito 1')).toBeTruthy();
    expect(answersSent(api)).toEqual([{ sharing: 'declined' }]);
    expect(screen.getByText('Posizione non condivisa')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Condividi la posizione' })).toBeTruthy();
    expect(geo.watchPosition).not.toHaveBeenCalled();
    expect(requestsTo(api, 'POST', FIXES)).toHaveLength(0);
  });

  it('shows a refusal in words and changes nothing', async () => {
    const geo = stubPhoneGeolocation();
    openGame(sharingGame(), { [`PUT ${SHARE}`]: () => errorResponse('game_over') });
    fireEvent.click(await screen.findByRole('button', { name: 'Condividi la posizione' }));
    const card = await question();
    expect((await within(card).findByRole('alert')).textContent).toBe('Il gioco è già terminato');
    expect(within(card).getByRole('button', { name: 'Condividi la posizione' })).toHaveProperty(
      'disabled',
      false,
    );
    expect(screen.queryByText('Compito 1')).toBeNull();
    expect(geo.watchPosition).not.toHaveBeenCalled();
  });
});

describe('the indicator while playing', () => {
  it("'Sospendi condivisione' stops the watch; 'Condividi la posizione' shares again", async () => {
    const geo = stubPhoneGeolocation();
    const api = openGame(sharingGame({ sharing: 'shared' }));
    expect(await screen.findByText('Posizione condivisa')).toBeTruthy();
    expect(screen.getByText('Compito 1')).toBeTruthy();
    expect(geo.watching()).toBe(1);

    fireEvent.click(screen.getByRole('button', { name: 'Sospendi condivisione' }));
    expect(await screen.findByText('Posizione non condivisa')).toBeTruthy();
    expect(geo.watching()).toBe(0);
    fireEvent.click(screen.getByRole('button', { name: 'Condividi la posizione' }));
    expect(await screen.findByText('Posizione condivisa')).toBeTruthy();
    expect(geo.watching()).toBe(1);
    expect(answersSent(api)).toEqual([{ sharing: 'suspended' }, { sharing: 'shared' }]);
  });

  it('shows a refused suspension in words and keeps sharing', async () => {
    const geo = stubPhoneGeolocation();
    openGame(sharingGame({ sharing: 'shared' }), {
      [`PUT ${SHARE}`]: () => errorResponse('location_not_asked'),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Sospendi condivisione' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Questo percorso non chiede la posizione della squadra',
    );
    expect(screen.getByText('Posizione condivisa')).toBeTruthy();
    expect(geo.watching()).toBe(1);
  });

  it('says so when the browser refuses the position', async () => {
    const geo = stubPhoneGeolocation();
    openGame(sharingGame({ sharing: 'shared' }));
    expect(await screen.findByText('Posizione condivisa')).toBeTruthy();
    geo.deny();
    expect(
      await screen.findByText('Il browser non dà la posizione: consentila nelle sue impostazioni'),
    ).toBeTruthy();
  });
});

describe('a try on a route that asks for positions', () => {
  /** Answers step 1 with 'Roma' and answers the body the try sent. */
  async function tryStep(api: ReturnType<typeof stubPlayApi>) {
    fireEvent.change(await screen.findByLabelText('Your Answer'), { target: { value: 'Roma' } });
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Compito 2')).toBeTruthy();
    return jsonBody(requestsTo(api, 'POST', SUBMIT)[0]);
  }

  it('carries the position while the team shares, so the server keeps it as a fix', async () => {
    const geo = stubPhoneGeolocation();
    const api = openGame(sharingGame({ sharing: 'shared' }), {
      [`POST ${SUBMIT}`]: () => jsonResponse(200, resultOf()),
    });
    expect(await screen.findByText('Posizione condivisa')).toBeTruthy();
    geo.move(41.9, 12.48, 12);
    expect(await tryStep(api)).toMatchObject({
      answer: 'Roma',
      position: { lat: 41.9, lng: 12.48, accuracy_m: 12 },
    });
  });

  it('carries none when the team declined (the route asks for no position itself)', async () => {
    const geo = stubPhoneGeolocation();
    const api = openGame(sharingGame({ sharing: 'declined' }), {
      [`POST ${SUBMIT}`]: () => jsonResponse(200, resultOf()),
    });
    expect(await screen.findByText('Posizione non condivisa')).toBeTruthy();
    geo.move(41.9, 12.48);
    expect(await tryStep(api)).toMatchObject({ position: null });
  });
});

describe('a route that does not ask for positions', () => {
  it('never asks, never watches and never sends', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    try {
      const geo = stubPhoneGeolocation();
      const api = openGame(gameOf(), { [`POST ${SUBMIT}`]: () => jsonResponse(200, resultOf()) });
      expect(await screen.findByText('Compito 1')).toBeTruthy();
      await act(async () => {
        await vi.advanceTimersByTimeAsync(60_000);
      });
      fireEvent.change(screen.getByLabelText('Your Answer'), { target: { value: 'Roma' } });
      fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
      expect(await screen.findByText('Compito 2')).toBeTruthy();
      expect(jsonBody(requestsTo(api, 'POST', SUBMIT)[0])).toMatchObject({ position: null });
      expect(screen.queryByText('Condividere la posizione?')).toBeNull();
      expect(screen.queryByText(/^Posizione/)).toBeNull();
      expect(geo.watchPosition).not.toHaveBeenCalled();
      expect(requestsTo(api, 'PUT', SHARE)).toHaveLength(0);
      expect(requestsTo(api, 'POST', FIXES)).toHaveLength(0);
    } finally {
      vi.useRealTimers();
    }
  });
});
