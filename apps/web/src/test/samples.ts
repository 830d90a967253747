import type { AdminStep, PlayerMessage, RouteSummary } from '@tappa/contracts';

/** A listed route (Roma Centro, free, progressive, 3 steps); `overrides` change any field. */
export function sampleRoute(overrides: Partial<RouteSummary> = {}): RouteSummary {
  return {
    id: 'r1',
    slug: 'roma-centro',
    title: 'Roma Centro',
    description: 'Un giro nel centro',
    key_elements: null,
    image_url: null,
    is_flash: false,
    is_active: true,
    is_free: true,
    access_type: 'free',
    geolocation_enabled: true,
    route_type: 'progressive',
    time_limit_enabled: false,
    time_limit_hours: 0,
    time_limit_minutes: 0,
    date_start: null,
    date_end: null,
    hint_budget: null,
    event_start: null,
    event_end: null,
    location_sharing: false,
    location_purpose: null,
    created_at: '2025-05-01T10:00:00.000Z',
    step_count: 3,
    ...overrides,
  };
}

/** A stored text step in Rome with sensible defaults; `overrides` change any field. */
export function sampleStep(
  overrides: Partial<AdminStep> & Pick<AdminStep, 'id' | 'place'>,
): AdminStep {
  return {
    ord: 1,
    address: null,
    lat: 41.9,
    lng: 12.48,
    radius_m: 50,
    task: `Task at ${overrides.place}`,
    hint: null,
    check_type: 'text',
    check_answer: 'answer',
    orientation_deg: null,
    media: [],
    choices: null,
    multiple: false,
    scoring: null,
    review: 'auto',
    hints: [],
    also_accept: [],
    relaxed_match: null,
    ...overrides,
  };
}

/** A message of the team's feed at `seq` (an unread announcement of the organiser unless told). */
export function sampleMessage(seq: number, overrides: Partial<PlayerMessage> = {}): PlayerMessage {
  return {
    id: `00000000-0000-4000-8000-${String(seq).padStart(12, '0')}`,
    seq,
    kind: 'announcement',
    author: 'staff',
    body: `Messaggio ${seq}`,
    read_confirmation: false,
    sent_at: '2026-05-04T10:00:00.000Z',
    read_at: null,
    ...overrides,
  };
}
