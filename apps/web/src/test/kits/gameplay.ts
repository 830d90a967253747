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
