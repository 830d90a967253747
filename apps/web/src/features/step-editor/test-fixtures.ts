import type { AdminStep } from '@tappa/contracts';
import { sampleRoute, sampleStep } from '../../test/samples';

/** The API paths of the sample route. */
export const STEPS_URL = '/api/tenants/demo/routes/r1/steps';
export const ROUTES_URL = '/api/tenants/demo/routes';

/** The sample route's three steps: text, single choice, qr. */
export const SAMPLE_STEPS: AdminStep[] = [
  sampleStep({
    id: 's1',
    ord: 1,
    place: 'Trevi',
    lat: 41.900932,
    lng: 12.483313,
    check_answer: '1762',
  }),
  sampleStep({
    id: 's2',
    ord: 2,
    place: 'Pantheon',
    lat: 41.898614,
    lng: 12.476869,
    check_type: 'choice',
    check_answer: 'Adriano',
    choices: ['Augusto', 'Adriano', 'Nerone'],
  }),
  sampleStep({
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
export const SAMPLE_ROUTE = sampleRoute({
  title: 'Roma centro',
  description: null,
  created_at: '2024-05-01T10:00:00.000Z',
});
