// Test support of the live console and the phone's side of it (never imported by app code):
// events, teams and consoles as the server would answer them.
import type { GameEvent, GameLive, LiveConsole, LiveTeam, RouteLiveState } from '@tappa/contracts';

/** The console's clock in the tests: 10:30 on 1 May 2026. */
export const LIVE_NOW = '2026-05-01T10:30:00.000Z';

/** `minutes` before LIVE_NOW (ISO). */
export const minutesBefore = (minutes: number) =>
  new Date(Date.parse(LIVE_NOW) - minutes * 60_000).toISOString();

/** The route of the tests' games. */
export const LAGO = {
  id: '11111111-1111-4111-8111-111111111111',
  slug: 'lago',
  title: 'Giro del Lago',
};

/** A game event of 'I Gufi' (a right try at step 1 unless told). */
export function eventOf(overrides: Partial<GameEvent> = {}): GameEvent {
  return {
    id: 1,
    game_id: 'g1',
    team_name: 'I Gufi',
    route_id: LAGO.id,
    step: { id: 's1', number: 1, place: 'Fontana' },
    kind: 'try',
    points: 10,
    reason: null,
    details: null,
    actor_email: null,
    undoes_id: null,
    undone_by_id: null,
    at: minutesBefore(1),
    ...overrides,
  };
}

/** A team playing step 2 of 5 of LAGO, active a minute ago. */
export function teamOf(overrides: Partial<LiveTeam> = {}): LiveTeam {
  return {
    game_id: 'g1',
    team_name: 'I Gufi',
    route: LAGO,
    current_step_index: 1,
    step_count: 5,
    current_place: 'Ponte',
    score: 10,
    tries_on_step: 2,
    started_at: minutesBefore(25),
    finished_at: null,
    last_active_at: minutesBefore(1),
    last_progress_at: minutesBefore(5),
    statuses: ['playing'],
    time_extension_minutes: 0,
    location_sharing: null,
    fix: null,
    ...overrides,
  };
}

/** LAGO's live state: stuck after 15 minutes, not frozen unless told. */
export function routeStateOf(overrides: Partial<RouteLiveState> = {}): RouteLiveState {
  return {
    route_id: LAGO.id,
    stuck_after_minutes: 15,
    frozen_at: null,
    frozen_by_email: null,
    event: { starts_at: null, ends_at: null, paused_at: null },
    ...overrides,
  };
}

/** A console computed at LIVE_NOW. */
export function consoleOf(overrides: Partial<LiveConsole> = {}): LiveConsole {
  return {
    teams: [teamOf()],
    activity: [eventOf()],
    routes: [routeStateOf()],
    computed_at: LIVE_NOW,
    ...overrides,
  };
}

/** A game's live state as its phone reads it (no staff event unless told). */
export function gameLiveOf(overrides: Partial<GameLive> = {}): GameLive {
  return {
    status: 'active',
    current_step_index: 0,
    total_score: 0,
    time_extension_minutes: 0,
    event_paused_at: null,
    staff_event: null,
    ...overrides,
  };
}
