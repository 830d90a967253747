import type { RouteSummary } from '@tappa/contracts';
import { render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useParams } from 'react-router';
import { vi } from 'vitest';
import { AppProviders } from '../../app/providers';
import { jsonResponse } from '../../test/stub-api';
import type { StubHandler } from '../../test/stub-api';
import { ManageRoutes } from './manage-routes';

/** The tenant the tests work in and its routes URL. */
export const TENANT = 'demo';
export const ROUTES_URL = `/api/tenants/${TENANT}/routes`;

/** A listed route; `overrides` change any field. */
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
    created_at: '2025-05-01T10:00:00.000Z',
    step_count: 3,
    ...overrides,
  };
}

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
  const router = createMemoryRouter(
    [
      { path: '/:tenantSlug/routes', element: <RoutesAtSlug /> },
      { path: '/:tenantSlug/routes/:routeId/steps', element: <h1>Steps page</h1> },
    ],
    { initialEntries: [`/${TENANT}/routes`] },
  );
  render(
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return router;
}

/** The card of the route titled `title`, once the list has loaded. */
export async function findCard(title: string) {
  return within(await screen.findByRole('article', { name: title }));
}

/** Stubs `window.alert` and `window.confirm` (answering `confirmAnswer`). */
export function stubDialogs(confirmAnswer = true) {
  return {
    alert: vi.spyOn(window, 'alert').mockImplementation(() => undefined),
    confirm: vi.spyOn(window, 'confirm').mockImplementation(() => confirmAnswer),
  };
}

/** Stubs object URLs and link clicks; records every download as its file name and Blob. */
export function stubDownloads() {
  const downloads: { name: string; blob: Blob }[] = [];
  const blobs = new Map<string, Blob>();
  let next = 0;
  URL.createObjectURL = vi.fn((object: Blob | MediaSource) => {
    const url = `blob:test/${next++}`;
    // A fetched Blob comes from Node's fetch, not jsdom: tell it by shape, not by class.
    if ('size' in object) blobs.set(url, object);
    return url;
  });
  URL.revokeObjectURL = vi.fn();
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
    this: HTMLAnchorElement,
  ) {
    const blob = blobs.get(this.href);
    if (blob) downloads.push({ name: this.download, blob });
  });
  return downloads;
}
