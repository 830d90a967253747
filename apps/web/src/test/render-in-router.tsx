import { QueryClientProvider } from '@tanstack/react-query';
import type { QueryClient } from '@tanstack/react-query';
import { act, render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createQueryClient } from '../lib/query-client';
import { createMemoryHistory, Router, useRoutes } from '../lib/router';
import type { AppHistory, RouteObject } from '../lib/router';

/**
 * Renders `ui` with a React Query client of its own (`queryClient`, or a fresh one), as the staff
 * pages' `StaffData` layout provides; the phone's query cache (`lib/query`) is cleared after
 * every test (setup.ts).
 */
export function renderWithProviders(ui: ReactNode, queryClient = createQueryClient()) {
  return render(<QueryClientProvider client={queryClient}>{ui}</QueryClientProvider>);
}

/** Draws the route of `routes` that matches the router's path. */
export function Routes({ routes }: { routes: RouteObject[] }) {
  return useRoutes(routes);
}

/** A router in memory, as a test drives and inspects it. */
export interface TestRouter {
  history: AppHistory;
  readonly state: Pick<AppHistory, 'location'> & { historyAction: AppHistory['action'] };
  /** Moves to `to` (or back and forward), inside `act`. */
  navigate(to: string | number): Promise<void>;
}

function testRouter(history: AppHistory): TestRouter {
  return {
    history,
    get state() {
      return { location: history.location, historyAction: history.action };
    },
    navigate: async (to) => {
      act(() => (typeof to === 'number' ? history.go(to) : history.push(to)));
    },
  };
}

/** Renders `routes` in a memory router at `url` inside the app's providers; returns the router. */
export function renderInRouter(
  routes: RouteObject[],
  url: string,
  queryClient?: QueryClient,
): TestRouter {
  const history = createMemoryHistory([url]);
  renderWithProviders(
    <Router history={history}>
      <Routes routes={routes} />
    </Router>,
    queryClient,
  );
  return testRouter(history);
}
