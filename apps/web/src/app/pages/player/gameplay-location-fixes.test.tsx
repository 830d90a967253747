import type { EventClock, GameState } from '@tappa/contracts';
import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  FakeWebSocket,
  GAME_ID,
  gameOf,
  resultOf,
  stubPhoneGeolocation,
  stubWebSocket,
  stubVisibility,
  unmountScreens,
} from '../../../test/kits/gameplay';
import { gameLiveOf } from '../../../test/kits/live';
import { renderPlayerPage, requestsTo, stubPlayApi } from '../../../test/kits/player';
import type { Handler } from '../../../test/kits/player';
import { stubEventSource } from '../../../test/kits/scoreboards';
import { errorResponse, jsonBody, jsonResponse } from '../../../test/stub-api';
import { GameplayPage } from './gameplay-page';

// A sharing team's phone sends its position (decision 0086): at once, then every 10 s while the
// page is visible, skipped when the team has not moved; none while hidden, paused or finished.

const PATH = '/:tenantSlug/gioco/step';
const URL = `/acme/gioco/step?route=centro&game=${GAME_ID}`;
const GAME_PATH = `/api/play/acme/games/${GAME_ID}`;
const FIXES = `${GAME_PATH}/fixes`;

/** The phone's clock in these tests: 10:30:00 on 4 May 2026. */
const NOW = '2026-05-04T10:30:00.000Z';
/** `s` seconds after NOW (ISO). */
const inSeconds = (s: number) => new Date(Date.parse(NOW) + s * 1000).toISOString();

/** About 111 m north of 41.9 N per 0.001 degree: a move the map should hear of. */
const NORTH = 0.001;

/** A game whose team shares its position, with `overrides`. */
function sharingGame(overrides: Partial<GameState> = {}) {
  const location = { sharing: 'shared' as const, purpose: null, retention_days: 30 };
  return gameOf({ created_at: inSeconds(-600), location, ...overrides });
}

/** Opens the game; its state answers `states` in turn (the last one again). */
function openGame(states: GameState[], handlers: Record<string, Handler> = {}) {
  let reads = 0;
  const api = stubPlayApi({
    [`GET ${GAME_PATH}`]: () => jsonResponse(200, states[Math.min(reads++, states.length - 1)]),
    [`GET ${GAME_PATH}/live`]: () => jsonResponse(200, gameLiveOf()),
    [`POST ${FIXES}`]: () => new Response(null, { status: 204 }),
    ...handlers,
  });
  renderPlayerPage(PATH, <GameplayPage />, URL);
  return api;
}

/** The fixes the phone sent, in order. */
const fixesSent = (api: ReturnType<typeof stubPlayApi>) =>
  requestsTo(api, 'POST', FIXES).map((init) => jsonBody(init));

/** Moves the faked clock by `ms`, letting the sends it starts answer. */
async function tick(ms: number) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
}

let visibility: ReturnType<typeof stubVisibility>;

beforeEach(() => {
  stubEventSource();
  // The fixes' socket stays connecting unless a test opens it: fixes go as requests.
  stubWebSocket();
  localStorage.clear();
  visibility = stubVisibility();
  vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'] });
  vi.setSystemTime(NOW);
});

afterEach(() => {
  unmountScreens();
  visibility.restore();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("a sharing team's fixes", () => {
  it('sends the first reading at once, then the newest one every 10 s, with its own time', async () => {
    const geo = stubPhoneGeolocation();
    const api = openGame([sharingGame()]);
    expect(await screen.findByText('Posizione condivisa')).toBeTruthy();
    expect(fixesSent(api)).toEqual([]);

    geo.move(41.9, 12.48, 8);
    await tick(0);
    expect(fixesSent(api)).toEqual([{ lat: 41.9, lng: 12.48, accuracy_m: 8, taken_at: NOW }]);
    await tick(4000);
    geo.move(41.9 + NORTH, 12.48, 8);
    await tick(3000);
    geo.move(41.9 + 2 * NORTH, 12.48, 8);
    // Nothing before the 10 s tick, and then only the newest reading.
    expect(fixesSent(api)).toHaveLength(1);
    await tick(3000);
    expect(fixesSent(api)).toEqual([
      { lat: 41.9, lng: 12.48, accuracy_m: 8, taken_at: NOW },
      { lat: 41.9 + 2 * NORTH, lng: 12.48, accuracy_m: 8, taken_at: inSeconds(7) },
    ]);
    geo.move(41.9 + 3 * NORTH, 12.48, 8);
    await tick(10_000);
    expect(fixesSent(api)).toHaveLength(3);
  });

  it('skips a reading when the team has not moved, and sends one after 60 s of silence', async () => {
    const geo = stubPhoneGeolocation();
    const api = openGame([sharingGame()]);
    expect(await screen.findByText('Posizione condivisa')).toBeTruthy();
    geo.move(41.9, 12.48, 8);
    await tick(0);
    // A new reading every 10 s, 5 m away: within the accuracy, so not a move.
    for (let s = 10; s <= 60; s += 10) {
      await tick(10_000);
      geo.move(41.9 + NORTH / 20, 12.48, 8);
    }
    expect(fixesSent(api)).toHaveLength(1);
    // The reading taken 60 s after the last fix goes at the next tick.
    await tick(10_000);
    expect(fixesSent(api)).toHaveLength(2);
    expect(fixesSent(api)[1]).toMatchObject({ taken_at: inSeconds(60) });
  });

  it('sends none while the page is hidden, and a fresh one once it shows again', async () => {
    const geo = stubPhoneGeolocation();
    const api = openGame([sharingGame()]);
    expect(await screen.findByText('Posizione condivisa')).toBeTruthy();
    geo.move(41.9, 12.48);
    await tick(0);
    expect(fixesSent(api)).toHaveLength(1);

    visibility.set('hidden');
    expect(geo.watching()).toBe(0);
    geo.move(41.9 + NORTH, 12.48);
    await tick(60_000);
    expect(fixesSent(api)).toHaveLength(1);

    visibility.set('visible');
    expect(geo.watching()).toBe(1);
    geo.move(41.9 + 2 * NORTH, 12.48);
    await tick(0);
    expect(fixesSent(api)).toHaveLength(2);
    expect(fixesSent(api)[1]).toMatchObject({ lat: 41.9 + 2 * NORTH, taken_at: inSeconds(60) });
  });

  it('sends none during a pause for everyone', async () => {
    const event: EventClock = { starts_at: null, ends_at: null, paused_at: inSeconds(-60) };
    const geo = stubPhoneGeolocation();
    const api = openGame([sharingGame({ event })]);
    expect(await screen.findByText('Gioco in pausa per tutti')).toBeTruthy();
    expect(screen.getByText('Posizione condivisa')).toBeTruthy();
    geo.move(41.9, 12.48);
    await tick(30_000);
    expect(geo.watchPosition).not.toHaveBeenCalled();
    expect(fixesSent(api)).toEqual([]);
  });

  it('stops when the game ends (an exploration route’s last step)', async () => {
    const geo = stubPhoneGeolocation();
    const api = openGame(
      [sharingGame({ route: { ...gameOf().route, route_type: 'exploration' } })],
      {
        [`POST ${GAME_PATH}/steps/step-1/submit`]: () =>
          jsonResponse(200, resultOf({ completed: true })),
      },
    );
    expect(await screen.findByText('Posizione condivisa')).toBeTruthy();
    geo.move(41.9, 12.48);
    await tick(0);
    fireEvent.change(screen.getByLabelText('Your Answer'), { target: { value: 'Roma' } });
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    await tick(0);
    expect(screen.queryByText('Compito 1')).toBeNull();
    expect(geo.watching()).toBe(0);
    geo.move(41.9 + NORTH, 12.48);
    await tick(60_000);
    expect(fixesSent(api)).toHaveLength(1);
  });

  it("stops on 'location_not_shared' and reads the game again", async () => {
    const geo = stubPhoneGeolocation();
    const suspended = sharingGame({
      location: { sharing: 'suspended', purpose: null, retention_days: 30 },
    });
    const api = openGame([sharingGame(), suspended], {
      [`POST ${FIXES}`]: () => errorResponse('location_not_shared'),
    });
    expect(await screen.findByText('Posizione condivisa')).toBeTruthy();
    geo.move(41.9, 12.48);
    await tick(0);
    expect(fixesSent(api)).toHaveLength(1);
    expect(await screen.findByText('Posizione non condivisa')).toBeTruthy();
    expect(requestsTo(api, 'GET', GAME_PATH)).toHaveLength(2);
    expect(geo.watching()).toBe(0);
    await tick(60_000);
    expect(fixesSent(api)).toHaveLength(1);
  });

  it('drops a failed send and sends the newest reading at the next tick', async () => {
    const geo = stubPhoneGeolocation();
    let fails = 1;
    const api = openGame([sharingGame()], {
      [`POST ${FIXES}`]: () =>
        fails-- > 0 ? errorResponse('internal') : new Response(null, { status: 204 }),
    });
    expect(await screen.findByText('Posizione condivisa')).toBeTruthy();
    geo.move(41.9, 12.48);
    await tick(0);
    await tick(5000);
    geo.move(41.9, 12.48);
    await tick(5000);
    // The failed one is not sent again: the newest reading (same place, 5 s later) goes instead.
    expect(fixesSent(api)).toEqual([
      { lat: 41.9, lng: 12.48, accuracy_m: 8, taken_at: NOW },
      { lat: 41.9, lng: 12.48, accuracy_m: 8, taken_at: inSeconds(5) },
    ]);
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

describe("a sharing team's fixes over the socket (decision 0089)", () => {
  /** Opens the game with the team sharing, its first fix sent as a request, the socket opened. */
  async function sharingWithSocket(states: GameState[] = [sharingGame()]) {
    const geo = stubPhoneGeolocation();
    const api = openGame(states);
    // Moves the faked clock until the page is drawn (`findBy` cannot: its wait may be faked).
    for (let i = 0; i < 20 && !screen.queryByText('Posizione condivisa'); i += 1) await tick(50);
    expect(screen.getByText('Posizione condivisa')).toBeTruthy();
    const socket = FakeWebSocket.latest();
    geo.move(41.9, 12.48, 8);
    await tick(0);
    // Still connecting: the first fix went as a request.
    expect(fixesSent(api)).toHaveLength(1);
    socket.open();
    return { geo, api, socket };
  }

  it('opens one socket on the page’s host and sends each fix over it, answered by its number', async () => {
    const { geo, api, socket } = await sharingWithSocket();
    expect(FakeWebSocket.instances).toHaveLength(1);
    expect(socket.url).toBe(`ws://localhost:3000/api/play/acme/games/${GAME_ID}/fixes/socket`);

    const movedAt = new Date().toISOString();
    geo.move(41.9 + NORTH, 12.48, 8);
    await tick(10_000);
    expect(socket.sentMessages()).toEqual([
      { id: 0, lat: 41.9 + NORTH, lng: 12.48, accuracy_m: 8, taken_at: movedAt },
    ]);
    // Unanswered, nothing more goes: the next tick waits for it.
    geo.move(41.9 + 2 * NORTH, 12.48, 8);
    await tick(5_000);
    socket.answer({ id: 0, ok: true });
    await tick(5_000);
    expect(socket.sentMessages().map((m) => [m.id, m.lat])).toEqual([
      [0, 41.9 + NORTH],
      [1, 41.9 + 2 * NORTH],
    ]);
    socket.answer({ id: 1, ok: true });
    // Kept: the same place is not sent again.
    await tick(10_000);
    expect(socket.sent).toHaveLength(2);
    expect(fixesSent(api)).toHaveLength(1);
  });

  it("stops on a refusal over the socket ('location_not_shared') and closes it", async () => {
    const suspended = sharingGame({
      location: { sharing: 'suspended', purpose: null, retention_days: 30 },
    });
    const { geo, api, socket } = await sharingWithSocket([sharingGame(), suspended]);
    geo.move(41.9 + NORTH, 12.48, 8);
    await tick(10_000);
    socket.answer({ id: 0, error: 'location_not_shared' });
    expect(await screen.findByText('Posizione non condivisa')).toBeTruthy();
    expect(requestsTo(api, 'GET', GAME_PATH)).toHaveLength(2);
    expect(socket.readyState).toBe(FakeWebSocket.CLOSED);
    await tick(60_000);
    expect(socket.sent).toHaveLength(1);
    expect(fixesSent(api)).toHaveLength(1);
  });

  it('sends as a request while the socket is lost, and opens a new one', async () => {
    const { geo, api, socket } = await sharingWithSocket();
    geo.move(41.9 + NORTH, 12.48, 8);
    await tick(10_000);
    expect(socket.sent).toHaveLength(1);
    // The connection went before its answer: the fix counts as lost.
    socket.close();
    await tick(10_000);
    expect(fixesSent(api).map((fix) => (fix as { lat: number }).lat)).toEqual([41.9, 41.9 + NORTH]);
    expect(FakeWebSocket.instances).toHaveLength(2);
    FakeWebSocket.latest().open();
    geo.move(41.9 + 2 * NORTH, 12.48, 8);
    await tick(10_000);
    expect(FakeWebSocket.latest().sentMessages()).toMatchObject([{ lat: 41.9 + 2 * NORTH }]);
  });

  it('tries a socket that never opens after 1, 2, 4, 8, then every 16 fixes, sending them as requests', async () => {
    const geo = stubPhoneGeolocation();
    const api = openGame([sharingGame()]);
    for (let i = 0; i < 20 && !screen.queryByText('Posizione condivisa'); i += 1) await tick(50);
    expect(FakeWebSocket.instances).toHaveLength(1);
    /** Sends fix `n` (the phone moved), its socket's handshake refused: which fixes opened one. */
    const openedAt: number[] = [];
    async function sendFix(n: number) {
      const before = FakeWebSocket.instances.length;
      geo.move(41.9 + n * NORTH, 12.48, 8);
      await tick(n === 1 ? 0 : 10_000);
      if (FakeWebSocket.instances.length > before) openedAt.push(n);
    }
    for (let n = 1; n <= 48; n += 1) {
      await sendFix(n);
      // A network that carries no WebSocket: the attempt closes without opening.
      if (n < 48 && FakeWebSocket.latest().readyState === FakeWebSocket.CONNECTING) {
        FakeWebSocket.latest().close();
      }
    }
    expect(openedAt).toEqual([2, 4, 8, 16, 32, 48]);
    expect(fixesSent(api)).toHaveLength(48);

    // The last one opens: the next fix goes over it; one lost after opening is tried at once.
    FakeWebSocket.latest().open();
    await sendFix(49);
    expect(FakeWebSocket.latest().sentMessages()).toMatchObject([{ lat: 41.9 + 49 * NORTH }]);
    FakeWebSocket.latest().close();
    await sendFix(50);
    expect(openedAt).toEqual([2, 4, 8, 16, 32, 48, 50]);
    // Fix 49 went over the socket (and was lost with it), fix 50 as a request.
    expect(fixesSent(api)).toHaveLength(49);
  });

  it('counts a fix unanswered for 10 s as lost and drops its socket', async () => {
    // The answer's wait is a timeout: faked too.
    vi.useFakeTimers({
      toFake: ['Date', 'setInterval', 'clearInterval', 'setTimeout', 'clearTimeout'],
    });
    vi.setSystemTime(NOW);
    const { geo, api, socket } = await sharingWithSocket();
    geo.move(41.9 + NORTH, 12.48, 8);
    await tick(10_000);
    expect(socket.sent).toHaveLength(1);
    // No answer, no close (a connection that died quietly): after 10 s the socket is dropped.
    await tick(10_000);
    expect(socket.readyState).toBe(FakeWebSocket.CLOSED);
    await tick(10_000);
    expect(fixesSent(api).map((fix) => (fix as { lat: number }).lat)).toEqual([41.9, 41.9 + NORTH]);
  });

  it('closes the socket while the page is hidden', async () => {
    const { socket } = await sharingWithSocket();
    visibility.set('hidden');
    await tick(0);
    expect(socket.readyState).toBe(FakeWebSocket.CLOSED);
    visibility.set('visible');
    await tick(0);
    expect(FakeWebSocket.instances).toHaveLength(2);
  });
});
