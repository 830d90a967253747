import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  GAME_ID,
  gameOf,
  resultOf,
  stubGeolocation,
  unmountScreens,
} from '../../../test/kits/gameplay';
import { renderPlayerPage, requestsTo, stubPlayApi } from '../../../test/kits/player';
import type { Handler } from '../../../test/kits/player';
import { errorResponse, jsonBody, jsonResponse } from '../../../test/stub-api';
import { GameplayPage } from './gameplay-page';
import { renderInRouter } from '../../../test/render-in-router';
import { createQueryClient } from '../../../lib/query-client';
import { RoutePlayPage } from './route-play-page';
import { stubDialogs } from '../../../test/stub-browser';
import { dialogs } from '../../../lib/dialogs';

const PATH = '/:tenantSlug/:routeSlug/play';
const URL = `/acme/centro/play?route=centro&game=${GAME_ID}`;
const GAME = `GET /api/play/acme/games/${GAME_ID}`;
const STEP = `/api/play/acme/games/${GAME_ID}/steps/step-1`;
const PAUSE = `/api/play/acme/games/${GAME_ID}/pause`;
const SCOREBOARD = `/acme/game/scoreboard?route=centro&game=${GAME_ID}`;

/** Opens the route play URL of `game` with extra API `handlers`. */
function openGame(game = gameOf(), handlers: Record<string, Handler> = {}) {
  const api = stubPlayApi({ [GAME]: () => jsonResponse(200, game), ...handlers });
  const routes = [
    { path: PATH, element: <RoutePlayPage /> },
    { path: '/:tenantSlug/start', element: <p>start</p> },
    { path: '/:tenantSlug/game/scoreboard', element: <p>scoreboard</p> },
  ];
  const router = renderInRouter(routes, URL, createQueryClient());
  return { api, router };
}

/** The router's current path with its query. */
function where(router: ReturnType<typeof openGame>['router']) {
  return router.state.location.pathname + router.state.location.search;
}

const button = (name: string) => screen.getByRole<HTMLButtonElement>('button', { name });

afterEach(() => {
  unmountScreens();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('route play and the end of a game', () => {
  it('skips a step of a progressive route and moves on', async () => {
    vi.spyOn(dialogs, 'confirm').mockResolvedValue(true);
    const { api } = openGame(gameOf(), {
      [`POST ${STEP}/skip`]: () => jsonResponse(200, resultOf({ outcome: 'skipped', points: 0 })),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Skip' }));
    expect(await screen.findByText('Step 2 di 3')).toBeTruthy();
    const body = jsonBody(requestsTo(api, 'POST', `${STEP}/skip`)[0]) as { submission_id: string };
    expect(Object.keys(body)).toEqual(['submission_id']);
  });

  it('goes to the end-of-game scoreboard when a progressive route is completed', async () => {
    const { router } = openGame(gameOf(), {
      [`POST ${STEP}/submit`]: () => jsonResponse(200, resultOf({ completed: true })),
    });
    fireEvent.change(await screen.findByLabelText('Your Answer'), { target: { value: 'x' } });
    fireEvent.click(button('Submit'));
    await waitFor(() => expect(where(router)).toBe(SCOREBOARD));
  });

  it('moves freely on an exploration route and ends on the completion screen', async () => {
    const { router } = openGame(gameOf({}, { route_type: 'exploration' }), {
      [`POST ${STEP}/submit`]: () => jsonResponse(200, resultOf({ completed: true })),
    });
    await screen.findByText('Step 1 di 3');
    expect(button('Back').disabled).toBe(true);
    expect(screen.queryByRole('button', { name: 'Skip' })).toBeNull();
    fireEvent.click(button('Next'));
    expect(screen.getByText('Step 2 di 3')).toBeTruthy();
    fireEvent.click(button('Back'));
    expect(screen.getByText('Step 1 di 3')).toBeTruthy();

    fireEvent.change(screen.getByLabelText('Your Answer'), { target: { value: 'x' } });
    fireEvent.click(button('Submit'));
    expect(await screen.findByRole('heading', { name: 'Percorso Completato' })).toBeTruthy();
    expect(screen.getByText('Complimenti! Hai completato con successo il percorso.')).toBeTruthy();
    fireEvent.click(screen.getByRole('link', { name: 'Ritorna ai Percorsi' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/acme/start'));
  });

  it('stops the game after the confirmation: pause, then the start screen', async () => {
    const confirm = vi.spyOn(dialogs, 'confirm').mockResolvedValueOnce(false);
    const { api, router } = openGame(gameOf(), {
      [`POST ${PAUSE}`]: () => new Response(null, { status: 204 }),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Stop' }));
    expect(confirm).toHaveBeenCalledWith(
      'Vuoi davvero fermare il gioco? Il progresso verrà salvato.',
    );
    expect(requestsTo(api, 'POST', PAUSE)).toHaveLength(0);
    confirm.mockResolvedValueOnce(true);
    fireEvent.click(button('Stop'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/acme/start'));
    expect(requestsTo(api, 'POST', PAUSE)).toHaveLength(1);
  });

  it('sends the step when the time limit is reached, alerts time up and ends the game', async () => {
    vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'] });
    vi.setSystemTime(new Date('2026-05-04T10:59:58.000Z'));
    const alert = stubDialogs().alert;
    const { api, router } = openGame(gameOf({}, { time_limit_ms: 3_600_000 }), {
      [`POST ${STEP}/submit`]: () =>
        jsonResponse(
          200,
          resultOf({
            outcome: 'time_up',
            reason: { code: 'time_up', route_type: 'progressive' },
            completed: true,
          }),
        ),
    });
    await screen.findByText('Step 1 di 3');
    expect(requestsTo(api, 'POST', `${STEP}/submit`)).toHaveLength(0);
    act(() => {
      vi.advanceTimersByTime(2000);
    });
    await waitFor(() => expect(where(router)).toBe(SCOREBOARD));
    expect(alert).toHaveBeenCalledWith(
      'Tempo scaduto! Il percorso è terminato e il punteggio è stato consolidato.',
    );
    expect(requestsTo(api, 'POST', `${STEP}/submit`)).toHaveLength(1);
  });

  it('needs a position on a geolocated route and shows the live distance', async () => {
    const geo = stubGeolocation();
    const { api } = openGame(gameOf({}, { geolocation_enabled: true }), {
      [`POST ${STEP}/submit`]: () =>
        jsonResponse(
          200,
          resultOf({ outcome: 'wrong', reason: { code: 'too_far', distance_m: 11, radius_m: 10 } }),
        ),
    });
    fireEvent.change(await screen.findByLabelText('Your Answer'), { target: { value: 'x' } });
    expect(button('Submit').disabled).toBe(true);
    expect(geo.watchPosition).toHaveBeenCalledWith(expect.any(Function), expect.any(Function), {
      enableHighAccuracy: true,
      maximumAge: 5000,
    });
    act(() => geo.move(41.901, 12.48));
    const far = await screen.findByText('Distanza: 111 m');
    expect(far.parentElement?.className).not.toContain('inside');
    expect(screen.queryByText('Sei nel raggio')).toBeNull();
    act(() => geo.move(41.9001, 12.48));
    const near = screen.getByText('Distanza: 11 m');
    expect(near.parentElement?.className).toContain('gameplay__distance--inside');
    // The check reads without the colour: a mark and its words.
    expect(near.parentElement?.textContent).toBe('Distanza: 11 m✓ Sei nel raggio');
    fireEvent.click(button('Submit'));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'You are too far from the location (11m away, need to be within 10m)',
    );
    expect(jsonBody(requestsTo(api, 'POST', `${STEP}/submit`)[0])).toMatchObject({
      position: { lat: 41.9001, lng: 12.48, accuracy_m: 8 },
    });
  });

  it("says 'Errore: route slug mancante' without a route, nothing without a game", () => {
    stubPlayApi();
    renderPlayerPage('/:tenantSlug/gioco/step', <GameplayPage />, `/acme/gioco/step?game=g`);
    expect(screen.getByRole('alert').textContent).toBe('Errore: route slug mancante');
  });

  it('goes to the start screen without the team cookie', async () => {
    const { router } = openGame(gameOf(), {
      [GAME]: () => errorResponse('player_session_invalid'),
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/acme/start'));
  });

  it('takes the route slug from the path of /gioco/step/{routeSlug}', async () => {
    stubPlayApi({ [GAME]: () => jsonResponse(200, gameOf()) });
    const url = `/acme/gioco/step/centro?game=${GAME_ID}`;
    renderPlayerPage('/:tenantSlug/gioco/step/:routeSlug', <GameplayPage />, url);
    expect(await screen.findByText('Step 1 di 3')).toBeTruthy();
  });
});
