import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { GAME_ID, gameOf, unmountScreens } from '../../../test/kits/gameplay';
import { gameLiveOf } from '../../../test/kits/live';
import { renderPlayerPage, requestsTo, stubPlayApi } from '../../../test/kits/player';
import { FakeEventSource, stubEventSource } from '../../../test/kits/scoreboards';
import { jsonResponse } from '../../../test/stub-api';
import { GameplayPage } from './gameplay-page';

const PATH = '/:tenantSlug/gioco/step';
const URL = `/acme/gioco/step?route=centro&game=${GAME_ID}`;
const GAME_PATH = `/api/play/acme/games/${GAME_ID}`;
const LIVE_PATH = `${GAME_PATH}/live`;

/** Five points from the organisers, event 41. */
const FIVE_POINTS = gameLiveOf({
  total_score: 5,
  staff_event: {
    id: 41,
    kind: 'adjustment',
    points: 5,
    reason: 'Foto più bella',
    details: null,
    at: '2026-05-04T10:20:00.000Z',
  },
});

/** Opens the game; its state answers `states` in turn (the last one again), its live `live`. */
function openGame(states = [gameOf()], live = gameLiveOf()) {
  let reads = 0;
  const api = stubPlayApi({
    [`GET ${GAME_PATH}`]: () => jsonResponse(200, states[Math.min(reads++, states.length - 1)]),
    [`GET ${LIVE_PATH}`]: () => jsonResponse(200, live),
  });
  renderPlayerPage(PATH, <GameplayPage />, URL);
  return api;
}

beforeEach(() => {
  stubEventSource();
  localStorage.clear();
});

afterEach(() => {
  unmountScreens();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("the team's phone and the organisers' actions", () => {
  it("shows a staff adjustment not shown before as '+5 punti: …' until OK, then never again", async () => {
    const api = openGame([gameOf()], FIVE_POINTS);
    const notice = await screen.findByRole('alert');
    expect(notice.textContent).toContain("Dall'organizzazione");
    expect(notice.textContent).toContain('+5 punti: Foto più bella');
    // The game is read again, so that the score and the step follow.
    await waitFor(() => expect(requestsTo(api, 'GET', GAME_PATH)).toHaveLength(2));
    fireEvent.click(screen.getByRole('button', { name: 'OK' }));
    expect(screen.queryByText(/\+5 punti/)).toBeNull();
    expect(JSON.parse(localStorage.getItem(`tappa.staff-events.${GAME_ID}`) ?? '[]')).toEqual([41]);

    unmountScreens();
    openGame([gameOf()], FIVE_POINTS);
    expect(await screen.findByText('Step 1 di 3')).toBeTruthy();
    await waitFor(() => expect(FakeEventSource.instances.length).toBeGreaterThan(1));
    expect(screen.queryByText(/\+5 punti/)).toBeNull();
  });

  it('follows a pushed help action: the words, then the step the organisers moved it to', async () => {
    const api = openGame([gameOf(), gameOf({ current_step_index: 2 })]);
    expect(await screen.findByText('Step 1 di 3')).toBeTruthy();
    const source = FakeEventSource.latest();
    expect(source.url).toBe(`${LIVE_PATH}/stream`);
    act(() => source.open());
    act(() => source.emit('game', gameLiveOf()));
    act(() =>
      source.emit(
        'game',
        gameLiveOf({
          current_step_index: 2,
          staff_event: {
            id: 42,
            kind: 'help',
            points: 0,
            reason: 'Cantiere in piazza',
            details: { action: 'move_to_step' },
            at: '2026-05-04T10:25:00.000Z',
          },
        }),
      ),
    );
    expect((await screen.findByRole('alert')).textContent).toContain(
      'Siete stati spostati a un’altra tappa: Cantiere in piazza',
    );
    expect(await screen.findByText('Step 3 di 3')).toBeTruthy();
    expect(requestsTo(api, 'GET', GAME_PATH)).toHaveLength(2);
  });

  it("says a time extension and a point taken in words: '−3 punti: …'", async () => {
    openGame();
    expect(await screen.findByText('Step 1 di 3')).toBeTruthy();
    const source = FakeEventSource.latest();
    act(() => source.open());
    act(() =>
      source.emit(
        'game',
        gameLiveOf({
          time_extension_minutes: 10,
          staff_event: {
            id: 43,
            kind: 'help',
            points: 0,
            reason: 'Pioggia',
            details: { action: 'extend_time', minutes: 10 },
            at: '2026-05-04T10:25:00.000Z',
          },
        }),
      ),
    );
    expect((await screen.findByRole('alert')).textContent).toContain(
      'Tempo esteso di 10 minuti: Pioggia',
    );
    fireEvent.click(screen.getByRole('button', { name: 'OK' }));
    act(() =>
      source.emit(
        'game',
        gameLiveOf({
          total_score: -3,
          staff_event: {
            id: 44,
            kind: 'adjustment',
            points: -3,
            reason: 'Scorciatoia',
            details: null,
            at: '2026-05-04T10:26:00.000Z',
          },
        }),
      ),
    );
    expect((await screen.findByRole('alert')).textContent).toContain('−3 punti: Scorciatoia');
  });
});
