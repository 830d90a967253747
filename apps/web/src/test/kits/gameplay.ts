// Test support of the gameplay screen (never imported by app code): a game and the geolocation stubs.
import type { GameState, PlayerStep, SubmitResult } from '@tappa/contracts';
import { act, cleanup } from '@testing-library/react';
import { vi } from 'vitest';

/** The game every gameplay test plays. */
export const GAME_ID = '44444444-4444-4444-8444-444444444444';

/** A step of the test route with `overrides`. */
export function stepOf(ord: number, overrides: Partial<PlayerStep> = {}): PlayerStep {
  return {
    id: `step-${ord}`,
    ord,
    place: `Piazza ${ord}`,
    address: null,
    lat: 41.9,
    lng: 12.48,
    radius_m: 50,
    task: `Compito ${ord}`,
    hint: `Indizio ${ord}`,
    check_type: 'text',
    choices: null,
    multiple: false,
    requires_orientation: false,
    media: [],
    status: 'pending',
    points: 0,
    hints: [],
    ...overrides,
  };
}

/** A game of three text steps (no geolocation, no time limit) with `overrides`. */
export function gameOf(
  overrides: Partial<GameState> = {},
  route: Partial<GameState['route']> = {},
): GameState {
  return {
    id: GAME_ID,
    status: 'active',
    team_name: 'I Leoni',
    team_avatar_url: null,
    created_at: '2026-05-04T10:00:00.000Z',
    current_step_index: 0,
    total_score: 0,
    route: {
      slug: 'centro',
      title: 'Giro del Centro',
      route_type: 'progressive',
      geolocation_enabled: false,
      time_limit_ms: null,
      ...route,
    },
    steps: [stepOf(1), stepOf(2), stepOf(3)],
    hint_budget_left: null,
    clock_at: overrides.created_at ?? '2026-05-04T10:00:00.000Z',
    event: null,
    location: null,
    ...overrides,
  };
}

/** A server verdict with `overrides` (a correct try moving to step 2). */
export function resultOf(overrides: Partial<SubmitResult> = {}): SubmitResult {
  return {
    outcome: 'correct',
    reason: null,
    points: 10,
    total_score: 10,
    current_step_index: 1,
    completed: false,
    ...overrides,
  };
}

/** Stubs `navigator.geolocation`; `move` reports a position to the watcher. */
export function stubGeolocation() {
  let report: PositionCallback | null = null;
  const watchPosition = vi.fn((success: PositionCallback) => {
    report = success;
    return 1;
  });
  const clearWatch = vi.fn();
  Object.defineProperty(navigator, 'geolocation', {
    configurable: true,
    value: { watchPosition, clearWatch },
  });
  const move = (lat: number, lng: number) =>
    report?.({ coords: { latitude: lat, longitude: lng, accuracy: 8 } } as GeolocationPosition);
  return { watchPosition, move };
}

/**
 * Unmounts the screens and runs their leave (a pause sent a tick later) on a fake clock, so it
 * reaches the fetch stub before the stub goes; no real time has to pass.
 */
export function unmountScreens(): void {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  cleanup();
  vi.runOnlyPendingTimers();
  vi.useRealTimers();
}

/**
 * Stubs `navigator.geolocation` for the live map (decision 0086): every watcher gets each
 * reading, stamped with the (faked) clock's time; `deny` refuses the permission; `watching`
 * counts the watches not cleared.
 */
export function stubPhoneGeolocation() {
  const watchers = new Map<number, { report: PositionCallback; fail?: PositionErrorCallback }>();
  let nextId = 1;
  const watchPosition = vi.fn(
    (report: PositionCallback, fail?: PositionErrorCallback | null, _options?: PositionOptions) => {
      const id = nextId++;
      watchers.set(id, { report, fail: fail ?? undefined });
      return id;
    },
  );
  const clearWatch = vi.fn((id: number) => watchers.delete(id));
  Object.defineProperty(navigator, 'geolocation', {
    configurable: true,
    value: { watchPosition, clearWatch },
  });
  const move = (lat: number, lng: number, accuracy = 8) =>
    act(() => {
      const coords = { latitude: lat, longitude: lng, accuracy };
      const reading = { coords, timestamp: Date.now() } as GeolocationPosition;
      for (const watcher of watchers.values()) watcher.report(reading);
    });
  const deny = () =>
    act(() => {
      const error = { code: 1, PERMISSION_DENIED: 1 } as GeolocationPositionError;
      for (const watcher of watchers.values()) watcher.fail?.(error);
    });
  return { watchPosition, clearWatch, move, deny, watching: () => watchers.size };
}

/** Stubs `document.visibilityState`; `set` changes it and tells the page. Undo with `restore`. */
export function stubVisibility() {
  let state: DocumentVisibilityState = 'visible';
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => state });
  return {
    set(next: DocumentVisibilityState) {
      state = next;
      act(() => {
        document.dispatchEvent(new Event('visibilitychange'));
      });
    },
    restore: () => Reflect.deleteProperty(document, 'visibilityState'),
  };
}

/**
 * A scriptable stand-in for the browser's WebSocket (the fixes' socket, decision 0089): it stays
 * connecting until `open()`; what the page sends is kept in `sent`. Every instance is kept in
 * `instances`.
 */
export class FakeWebSocket {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSING = 2;
  static readonly CLOSED = 3;
  static instances: FakeWebSocket[] = [];

  readyState = FakeWebSocket.CONNECTING;
  readonly sent: string[] = [];
  onopen: ((event: Event) => void) | null = null;
  onmessage: ((event: MessageEvent<string>) => void) | null = null;
  onclose: ((event: CloseEvent) => void) | null = null;

  constructor(readonly url: string) {
    FakeWebSocket.instances.push(this);
  }

  /** The server accepted the handshake. */
  open() {
    this.readyState = FakeWebSocket.OPEN;
    this.onopen?.(new Event('open'));
  }

  send(data: string) {
    if (this.readyState !== FakeWebSocket.OPEN) throw new Error('send on a socket not open');
    this.sent.push(data);
  }

  /** The messages the page sent, parsed. */
  sentMessages(): Record<string, unknown>[] {
    return this.sent.map((data) => JSON.parse(data) as Record<string, unknown>);
  }

  /** The server answered `message`. */
  answer(message: unknown) {
    this.onmessage?.(new MessageEvent('message', { data: JSON.stringify(message) }));
  }

  /** The page closed it, or the connection went. */
  close() {
    if (this.readyState === FakeWebSocket.CLOSED) return;
    this.readyState = FakeWebSocket.CLOSED;
    this.onclose?.(new CloseEvent('close'));
  }

  /** The most recent instance. */
  static latest(): FakeWebSocket {
    const socket = FakeWebSocket.instances.at(-1);
    if (!socket) throw new Error('no WebSocket was opened');
    return socket;
  }
}

/** Installs `FakeWebSocket` as the global WebSocket, with no instances yet. */
export function stubWebSocket(): typeof FakeWebSocket {
  FakeWebSocket.instances = [];
  vi.stubGlobal('WebSocket', FakeWebSocket);
  return FakeWebSocket;
}
