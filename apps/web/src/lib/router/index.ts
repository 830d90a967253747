export { addressOf, createBrowserHistory, createMemoryHistory, resolveAddress } from './history';
export type { AppHistory, AppLocation, HistoryAction, HistoryUpdate } from './history';
export { matchPath, specificityOf } from './match-path';
export type { Params } from './match-path';
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
export type { NavigateFunction, NavigateOptions, RouteObject } from './router';
