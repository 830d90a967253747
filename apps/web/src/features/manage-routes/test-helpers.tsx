import type { RouteSummary } from '@tappa/contracts';
import { screen, within } from '@testing-library/react';
import { useParams } from 'react-router';
import { renderInRouter } from '../../test/render-in-router';
import { jsonResponse } from '../../test/stub-api';
import type { StubHandler } from '../../test/stub-api';
import { ManageRoutes } from './manage-routes';

/** The tenant the tests work in and its routes URL. */
export const TENANT = 'demo';
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
