import type { EventClock, GameState } from '@tappa/contracts';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { GAME_ID, gameOf, unmountScreens } from '../../../test/kits/gameplay';
import { gameLiveOf } from '../../../test/kits/live';
import { renderPlayerPage, requestsTo, stubPlayApi } from '../../../test/kits/player';
import type { Handler } from '../../../test/kits/player';
import { FakeEventSource, stubEventSource } from '../../../test/kits/scoreboards';
import { errorResponse, jsonResponse } from '../../../test/stub-api';
import { GameplayPage } from './gameplay-page';

// One clock for the event (decision 0085) on the team's phone: the wait before the start, the
// pause for everyone, and the timer counting from the game's clock.

const PATH = '/:tenantSlug/gioco/step';
const URL = `/acme/gioco/step?route=centro&game=${GAME_ID}`;
const GAME_PATH = `/api/play/acme/games/${GAME_ID}`;
const LIVE_PATH = `${GAME_PATH}/live`;
const SUBMIT = `${GAME_PATH}/steps/step-1/submit`;

/** The phone's clock in these tests: 10:30:00 on 4 May 2026 (12:30 in Rome). */
const NOW = '2026-05-04T10:30:00.000Z';
/** `s` seconds after NOW (ISO); before it when negative. */
const inSeconds = (s: number) => new Date(Date.parse(NOW) + s * 1000).toISOString();

/** A game of a route whose event clock is `event`, counting from `clock_at`. */
function eventGame(event: Partial<EventClock>, overrides: Partial<GameState> = {}): GameState {
  return gameOf({
    created_at: inSeconds(-3600),
    clock_at: event.starts_at ?? inSeconds(-3600),
    event: { starts_at: null, ends_at: null, paused_at: null, ...event },
    ...overrides,
  });
}

/** Opens the game; its state answers `states` in turn (the last one again). */
function openGame(states: GameState[], handlers: Record<string, Handler> = {}) {
  let reads = 0;
  const api = stubPlayApi({
    [`GET ${GAME_PATH}`]: () => jsonResponse(200, states[Math.min(reads++, states.length - 1)]),
    [`GET ${LIVE_PATH}`]: () => jsonResponse(200, gameLiveOf()),
    ...handlers,
  });
  renderPlayerPage(PATH, <GameplayPage />, URL);
  return api;
}

/** Moves the faked clock (`Date` and the screen's one-second interval) by `ms`. */
function tick(ms: number) {
  act(() => {
    vi.advanceTimersByTime(ms);
  });
}

/** The pause notice, found by its title. */
async function pauseNotice() {
  const title = await screen.findByText('Gioco in pausa per tutti');
  return title.closest('[role="status"]');
}

beforeEach(() => {
  stubEventSource();
  localStorage.clear();
  vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'] });
  vi.setSystemTime(NOW);
});

afterEach(() => {
  unmountScreens();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("the event's clock on the team's phone", () => {
  it("counts down to the start, 'Si parte tra 02:30', instead of the step", async () => {
    openGame([eventGame({ starts_at: inSeconds(150) })]);
    expect(await screen.findByText('Si parte tra 02:30')).toBeTruthy();
    expect(screen.getByText(/^Tutte le squadre partono insieme alle 12:32/)).toBeTruthy();
    expect(screen.queryByText('Compito 1')).toBeNull();
    expect(screen.getByRole('timer').textContent).toBe('0:00');
    tick(1000);
    expect(screen.getByText('Si parte tra 02:29')).toBeTruthy();
  });

  it('shows h:mm:ss past an hour', async () => {
    openGame([eventGame({ starts_at: inSeconds(3725) })]);
    expect(await screen.findByText('Si parte tra 1:02:05')).toBeTruthy();
  });

  it('reads the game again when the countdown reaches 0, and shows step 1', async () => {
    const startsAt = inSeconds(3);
    const api = openGame([
      eventGame({ starts_at: startsAt }),
      eventGame({ starts_at: startsAt }, { current_step_index: 0 }),
    ]);
    expect(await screen.findByText('Si parte tra 00:03')).toBeTruthy();
    tick(2000);
    expect(screen.getByText('Si parte tra 00:01')).toBeTruthy();
    expect(requestsTo(api, 'GET', GAME_PATH)).toHaveLength(1);
    tick(1000);
    await waitFor(() => expect(requestsTo(api, 'GET', GAME_PATH)).toHaveLength(2));
    expect(await screen.findByText('Compito 1')).toBeTruthy();
    expect(screen.getByText('Step 1 di 3')).toBeTruthy();
    expect(screen.queryByText(/^Si parte tra/)).toBeNull();
  });

  it('counts the timer from the game’s clock, not from when the team chose the route', async () => {
    openGame([eventGame({ starts_at: inSeconds(-65) })]);
    expect(await screen.findByText('Compito 1')).toBeTruthy();
    expect(screen.getByRole('timer').textContent).toBe('1:05');
  });

  it('shows the pause for everyone instead of the step, its timer standing still and its time limit held', async () => {
    const api = openGame([
      eventGame(
        // Paused ten minutes after the start, two minutes ago; the limit passed on the wall clock.
        { starts_at: inSeconds(-720), paused_at: inSeconds(-120) },
        { route: { ...gameOf().route, time_limit_ms: 11 * 60_000 } },
      ),
    ]);
    const notice = await pauseNotice();
    expect(notice?.textContent).toContain('Riprenderà a breve: il tempo è fermo.');
    expect(screen.queryByText('Compito 1')).toBeNull();
    const timer = screen.getByRole('timer');
    expect(timer.textContent).toBe('10:00');
    tick(3000);
    expect(timer.textContent).toBe('10:00');
    expect(requestsTo(api, 'POST', SUBMIT)).toHaveLength(0);
  });

  it("reads the game again when the stream says 'Pausa per tutti', then 'Riprendi per tutti'", async () => {
    const started = { starts_at: inSeconds(-600) };
    const api = openGame([
      eventGame(started),
      eventGame({ ...started, paused_at: NOW }),
      eventGame(started, { clock_at: inSeconds(-540) }),
    ]);
    expect(await screen.findByText('Compito 1')).toBeTruthy();
    const source = FakeEventSource.latest();
    act(() => source.open());
    act(() => source.emit('game', gameLiveOf()));
    act(() => source.emit('game', gameLiveOf({ event_paused_at: NOW })));
    await waitFor(() => expect(requestsTo(api, 'GET', GAME_PATH)).toHaveLength(2));
    expect(await pauseNotice()).toBeTruthy();
    expect(screen.queryByText('Compito 1')).toBeNull();

    act(() => source.emit('game', gameLiveOf({ event_paused_at: null })));
    await waitFor(() => expect(requestsTo(api, 'GET', GAME_PATH)).toHaveLength(3));
    expect(await screen.findByText('Compito 1')).toBeTruthy();
    expect(screen.queryByText('Gioco in pausa per tutti')).toBeNull();
    // The pause's minute is added to the clock: 9 minutes played, not 10.
    expect(screen.getByRole('timer').textContent).toBe('9:00');
  });

  it('says in words a try the server refused during a pause the phone has not heard of yet', async () => {
    openGame([eventGame({ starts_at: inSeconds(-600) })], {
      [`POST ${SUBMIT}`]: () => errorResponse('event_paused'),
    });
    expect(await screen.findByText('Compito 1')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Your Answer'), { target: { value: 'Roma' } });
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Il gioco è in pausa per tutti: riprova quando riprende',
    );
  });
});
