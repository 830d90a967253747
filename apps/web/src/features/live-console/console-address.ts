import type { ConsoleView } from './console-view-tabs';

/**
 * What the console's query holds to open it on the map (decision 0090); the build preloads the
 * map's code for it (`PAGE_QUERY_MODULES`).
 */
export const MAP_QUERY = { view: 'map' } as const;

/** The console's view in its address: the map with `MAP_QUERY`, else the table. */
export function consoleViewOf(query: URLSearchParams): ConsoleView {
  return query.get('view') === MAP_QUERY.view ? 'map' : 'teams';
}

/** The console's query for a route filter (a route id, or all routes) and a view. */
export function consoleQuery(routeId: string | null, view: ConsoleView): Record<string, string> {
  return { ...(routeId ? { route: routeId } : {}), ...(view === 'map' ? MAP_QUERY : {}) };
}
