import type { AdminStep, RouteSummary } from '@tappa/contracts';

/** The API paths of the sample route. */
export const STEPS_URL = '/api/tenants/demo/routes/r1/steps';
export const ROUTES_URL = '/api/tenants/demo/routes';

/** A stored step with sensible defaults. */
export function adminStep(
  overrides: Partial<AdminStep> & Pick<AdminStep, 'id' | 'place'>,
): AdminStep {
  return {
    ord: 1,
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
    ...overrides,
  };
}

/** The sample route's three steps: text, single choice, qr. */
export const SAMPLE_STEPS: AdminStep[] = [
  adminStep({
    id: 's1',
    ord: 1,
    place: 'Trevi',
    lat: 41.900932,
    lng: 12.483313,
    check_answer: '1762',
  }),
  adminStep({
    id: 's2',
    ord: 2,
    place: 'Pantheon',
    lat: 41.898614,
    lng: 12.476869,
    check_type: 'choice',
    check_answer: 'Adriano',
    choices: ['Augusto', 'Adriano', 'Nerone'],
  }),
  adminStep({
    id: 's3',
    ord: 3,
    place: 'Navona',
    lat: 41.89897,
    lng: 12.473078,
    check_type: 'qr',
    check_answer: 'TAPPA-NAVONA',
    orientation_deg: 90,
    media: [{ type: 'image', url: 'https://img.example/navona.jpg', caption: 'Fontana' }],
    scoring: {
      attempt_award: { first_try: 10 },
      duration_award: { limit_ms: 60_000, within_points: 5, over_points: 1 },
    },
  }),
];

/** The sample route as the tenant's list gives it. */
export const SAMPLE_ROUTE = {
  id: 'r1',
  slug: 'roma-centro',
  title: 'Roma centro',
  description: null,
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
  created_at: '2024-05-01T10:00:00.000Z',
  step_count: 3,
} satisfies RouteSummary;
