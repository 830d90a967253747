export { addressOf, createBrowserHistory, createMemoryHistory, listenersOf } from './history';
export type { AppHistory, AppLocation, HistoryUpdate } from './history';
export { matchPath } from './match-path';
export {
  matchRoutes,
  Navigate,
  Outlet,
  Router,
  useHref,
  useLocation,
  useMatch,
  useNavigate,
  useParams,
  useRoutes,
  useSearchParams,
} from './router';
export type { RouteObject } from './router';
