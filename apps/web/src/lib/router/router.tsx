import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useSyncExternalStore,
} from 'react';
import type { ReactNode } from 'react';
import { addressOf, resolveAddress } from './history';
import type { AppHistory, AppLocation } from './history';
import { matchPath, specificityOf } from './match-path';
import type { Params } from './match-path';

/**
 * The app's router (decision 0053): a history, a flat table of path patterns with their layouts,
 * and the hooks the pages use. In place of react-router, whose declarative core still cost every
 * player page 9 KB gzipped.
 */

/** One entry of the route table: a page at `path`, or a layout around `children`. */
export interface RouteObject {
  path?: string;
  element: ReactNode;
  children?: RouteObject[];
  /** Anything the app keeps with the route (its page's preload). */
  handle?: unknown;
}

/** Options of a move: replace the current entry instead of adding one, and the state to carry. */
export interface NavigateOptions {
  replace?: boolean;
  state?: unknown;
}

/** Moves to an address (absolute, or relative to the current one), or back and forward. */
export interface NavigateFunction {
  (to: string, options?: NavigateOptions): void;
  (delta: number): void;
}

const HistoryContext = createContext<AppHistory | null>(null);
const LocationContext = createContext<AppLocation | null>(null);

/** What a route renders within: the element of its child route, and the branch's parameters. */
interface RouteScope {
  outlet: ReactNode;
  params: Params;
}
const RouteContext = createContext<RouteScope>({ outlet: null, params: {} });

/** Runs `children` on `history`, drawing again on each move. */
export function Router({ history, children }: { history: AppHistory; children: ReactNode }) {
  const subscribe = useCallback((onMove: () => void) => history.listen(onMove), [history]);
  const location = useSyncExternalStore(subscribe, () => history.location);
  return (
    <HistoryContext.Provider value={history}>
      <LocationContext.Provider value={location}>{children}</LocationContext.Provider>
    </HistoryContext.Provider>
  );
}

function useHistory(): AppHistory {
  const history = useContext(HistoryContext);
  if (!history) throw new Error('A router hook was used outside <Router>');
  return history;
}

/** The current location. */
export function useLocation(): AppLocation {
  const location = useContext(LocationContext);
  if (!location) throw new Error('useLocation was used outside <Router>');
  return location;
}

/** A function that moves the app; the same function across renders. */
export function useNavigate(): NavigateFunction {
  const history = useHistory();
  return useCallback(
    (to: string | number, { replace = false, state }: NavigateOptions = {}) => {
      if (typeof to === 'number') history.go(to);
      else if (replace) history.replace(to, state);
      else history.push(to, state);
    },
    [history],
  );
}

/** The parameters of the path pattern the current page matched. */
export function useParams(): Params {
  return useContext(RouteContext).params;
}

/** The query of the current address, and a function that replaces it (keeping the path). */
export function useSearchParams(): [
  URLSearchParams,
  (next: Record<string, string> | URLSearchParams, options?: NavigateOptions) => void,
] {
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const params = useMemo(() => new URLSearchParams(search), [search]);
  const setParams = useCallback(
    (next: Record<string, string> | URLSearchParams, options?: NavigateOptions) => {
      const query = new URLSearchParams(next).toString();
      navigate(`${pathname}${query ? `?${query}` : ''}`, options);
    },
    [navigate, pathname],
  );
  return [params, setParams];
}

/** The `href` of an in-app address (absolute, or relative to the current one). */
export function useHref(to: string): string {
  const { pathname, search } = useLocation();
  return addressOf(resolveAddress(to, { pathname, search }));
}

/** Whether the current path is `pattern` (or, with `end: false`, below it). */
export function useMatch(pattern: string, options?: { end?: boolean }): boolean {
  return matchPath(pattern, useLocation().pathname, options) !== null;
}

/** Moves to `to` as soon as it is drawn (a redirect). */
export function Navigate({ to, replace, state }: { to: string } & NavigateOptions) {
  const navigate = useNavigate();
  useEffect(() => navigate(to, { replace, state }), [navigate, to, replace, state]);
  return null;
}

/** Where a layout draws the route below it. */
export function Outlet() {
  return useContext(RouteContext).outlet;
}

/** Every page of `routes` with the layouts around it, outermost first. */
function branchesOf(routes: readonly RouteObject[], parents: RouteObject[] = []): RouteObject[][] {
  return routes.flatMap((route) =>
    route.children ? branchesOf(route.children, [...parents, route]) : [[...parents, route]],
  );
}

/** The chain of routes, from the outermost layout to the page, that draws `pathname`. */
export function matchRoutes(
  routes: readonly RouteObject[],
  pathname: string,
): { branch: RouteObject[]; params: Params } | null {
  let best: { branch: RouteObject[]; params: Params; score: number } | null = null;
  for (const branch of branchesOf(routes)) {
    const path = branch.at(-1)?.path;
    const match = path === undefined ? null : matchPath(path, pathname);
    if (!match || path === undefined) continue;
    const score = specificityOf(path);
    if (!best || score > best.score) best = { branch, params: match.params, score };
  }
  return best;
}

/** Draws the route of `routes` that matches the current path, inside its layouts. */
export function useRoutes(routes: readonly RouteObject[]): ReactNode {
  const { pathname } = useLocation();
  const match = useMemo(() => matchRoutes(routes, pathname), [routes, pathname]);
  if (!match) return null;
  const { branch, params } = match;
  return branch.reduceRight<ReactNode>(
    (outlet, route) => (
      <RouteContext.Provider value={{ outlet, params }}>{route.element}</RouteContext.Provider>
    ),
    null,
  );
}
