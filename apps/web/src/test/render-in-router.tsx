import type { QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { RouteObject } from 'react-router';
import { AppProviders } from '../app/providers';

/** Renders `ui` inside the app's providers, with `queryClient` (a fresh one unless given). */
export function renderWithProviders(ui: ReactNode, queryClient?: QueryClient) {
  return render(<AppProviders queryClient={queryClient}>{ui}</AppProviders>);
}

/** Renders `routes` in a memory router at `url` inside the app's providers; returns the router. */
export function renderInRouter(routes: RouteObject[], url: string, queryClient?: QueryClient) {
  const router = createMemoryRouter(routes, { initialEntries: [url] });
  renderWithProviders(<RouterProvider router={router} />, queryClient);
  return router;
}
