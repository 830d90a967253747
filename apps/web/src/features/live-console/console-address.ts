import type { ConsoleView } from './console-view-tabs';

/**
 * The console's view in its address: `?view=map` opens it on the map, anything else on the table
 * (decision 0090). Read by the page, and by the router to load the map's code with the page.
 */
export function consoleViewOf(query: URLSearchParams): ConsoleView {
  return query.get('view') === 'map' ? 'map' : 'teams';
}

/** The console's query for a route filter (a route id, or all routes) and a view. */
export function consoleQuery(routeId: string | null, view: ConsoleView): Record<string, string> {
  return { ...(routeId ? { route: routeId } : {}), ...(view === 'map' ? { view } : {}) };
}
