// Test support of the step editor (never imported by app code): the sample route of tenant demo
// with its three steps, the editor rendered in a router and the form's shortcuts.
import type { AdminStep } from '@tappa/contracts';
import { fireEvent, screen, within } from '@testing-library/react';
import { StepEditor } from '../../features/step-editor/step-editor';
import { Router } from '../../lib/router';
import { createGuardedHistory } from '../../lib/guarded-history';
import { renderWithProviders, Routes } from '../render-in-router';
import { sampleRoute, sampleStep } from '../samples';
import { jsonResponse, stubApi } from '../stub-api';

/** The API path of the sample route's steps. */
export const STEPS_URL = '/api/tenants/demo/routes/r1/steps';
/** The API path of tenant demo's route list. */
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

const EDITOR_ROUTES = [
  {
    path: '/:tenantSlug/routes/:routeId/steps',
    element: <StepEditor tenantSlug="demo" routeId="r1" />,
  },
  { path: '/:tenantSlug/routes', element: <h1>Routes page</h1> },
];

/** Renders the editor of route r1 of tenant demo, with a routes page to navigate to. */
export function renderEditor() {
  // The app's own router: the browser's history with the leave checks (main.tsx).
  window.history.replaceState(null, '', '/demo/routes/r1/steps');
  const history = createGuardedHistory();
  renderWithProviders(
    <Router history={history}>
      <Routes routes={EDITOR_ROUTES} />
    </Router>,
  );
  return history;
}

/** Stubs the route list, the sample steps and (optionally) the answer to the PUT. */
export function stubSteps(put?: (body: unknown) => Response) {
  return stubApi({
    [`GET ${ROUTES_URL}`]: () => jsonResponse(200, { routes: [SAMPLE_ROUTE] }),
    [`GET ${STEPS_URL}`]: () => jsonResponse(200, { steps: SAMPLE_STEPS }),
    ...(put ? { [`PUT ${STEPS_URL}`]: put } : {}),
  });
}

/** The selected step's form. */
export const form = () => screen.getByRole('region', { name: /^Step \d+$/ });

/** The step list's rows as text (number, place, check type). */
export const listItems = () =>
  within(screen.getByRole('region', { name: 'Steps' }))
    .getAllByRole('listitem')
    .map((item) => item.textContent?.replace(/[⠿↑↓×]/g, ''));

/** Types a value into a field of the form. */
export const fill = (label: string | RegExp, value: string) =>
  fireEvent.change(within(form()).getByLabelText(label), { target: { value } });

/** Clicks a button anywhere on the page. */
export const click = (name: string | RegExp) =>
  fireEvent.click(screen.getByRole('button', { name }));
