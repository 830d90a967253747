import { fireEvent, screen, within } from '@testing-library/react';
import { renderInRouter } from '../../test/render-in-router';
import { jsonResponse, stubApi } from '../../test/stub-api';
import { StepEditor } from './step-editor';
import { ROUTES_URL, SAMPLE_ROUTE, SAMPLE_STEPS, STEPS_URL } from './test-fixtures';

/** Renders the editor of route r1 of tenant demo, with a routes page to navigate to. */
export function renderEditor() {
  return renderInRouter(
    [
      {
        path: '/:tenantSlug/routes/:routeId/steps',
        element: <StepEditor tenantSlug="demo" routeId="r1" />,
      },
      { path: '/:tenantSlug/routes', element: <h1>Routes page</h1> },
    ],
    '/demo/routes/r1/steps',
  );
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
    .map((item) => item.textContent?.replace(/[↑↓×]/g, ''));

/** Types a value into a field of the form. */
export const fill = (label: string | RegExp, value: string) =>
  fireEvent.change(within(form()).getByLabelText(label), { target: { value } });

/** Clicks a button anywhere on the page. */
export const click = (name: string | RegExp) =>
  fireEvent.click(screen.getByRole('button', { name }));
