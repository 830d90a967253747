// Test support of Manage Routes (never imported by app code): the feature rendered at
// `/demo/routes`, its route list answer and its cards.
import type { RouteSummary } from '@tappa/contracts';
import { fireEvent, screen, within } from '@testing-library/react';
import { useParams } from '../../lib/router';
import { ManageRoutes } from '../../features/manage-routes/manage-routes';
import { renderInRouter } from '../render-in-router';
import { jsonResponse } from '../stub-api';
import type { StubHandler } from '../stub-api';

/** The tenant the tests work in. */
export const TENANT = 'demo';
/** The API path of the tenant's route list. */
export const ROUTES_URL = `/api/tenants/${TENANT}/routes`;

/** A handler answering the route list with `routes`. */
export function listHandler(routes: RouteSummary[]): Record<string, StubHandler> {
  return { [`GET ${ROUTES_URL}`]: () => jsonResponse(200, { routes }) };
}

/** The feature at `/:tenantSlug/routes`, reading the slug like the page does. */
function RoutesAtSlug() {
  const { tenantSlug = '' } = useParams();
  return <ManageRoutes tenantSlug={tenantSlug} />;
}

/** Renders Manage Routes at `/demo/routes` (with a stub steps page) and returns the router. */
export function renderManageRoutes() {
  return renderInRouter(
    [
      { path: '/:tenantSlug/routes', element: <RoutesAtSlug /> },
      { path: '/:tenantSlug/routes/:routeId/steps', element: <h1>Steps page</h1> },
    ],
    `/${TENANT}/routes`,
  );
}

/** The card of the route titled `title`, once the list has loaded. */
export async function findCard(title: string) {
  return within(await screen.findByRole('article', { name: title }));
}

/** The card's entry `name` of 'Altre azioni', with the menu opened. */
export function menuItem(card: Awaited<ReturnType<typeof findCard>>, name: string) {
  fireEvent.click(card.getByRole('button', { name: 'Altre azioni' }));
  return screen.getByRole('menuitem', { name });
}
