import { matchRoutes, Navigate, useRoutes } from '../lib/router';
import type { RouteObject } from '../lib/router';
import { lazyPage } from '../lib/lazy-page';
import type { PreloadableComponent } from '../lib/lazy-page';
import { ACCESS, PHONE_PAGES } from './page-access';
import { RootLayout } from './root-layout';
import { APP_ROUTES } from './route-list';
import type { AppPath } from './route-list';

export { APP_ROUTES } from './route-list';
export type { AppPath, AppRouteInfo, Audience } from './route-list';

type LazyPage = PreloadableComponent;

// Guard and shell layouts load with the pages they wrap: they stay out of the entry chunk.
const RequireAuth = lazyPage(async () => ({
  default: (await import('../components/require-auth')).RequireAuth,
}));
const AppShellLayout = lazyPage(async () => ({
  default: (await import('../components/app-shell-layout')).AppShellLayout,
}));
// React Query, for the pages that read staff data (decision 0053).
const StaffData = lazyPage(async () => ({ default: (await import('./staff-data')).StaffData }));

// Public pages.
const HomePage = lazyPage(() => import('./pages/public/home-page'));
const LoginPage = lazyPage(() => import('./pages/public/login-page'));
const TenantLoginPage = lazyPage(() => import('./pages/public/tenant-login-page'));
const ResetPasswordPage = lazyPage(() => import('./pages/public/reset-password-page'));
const BigScreenPage = lazyPage(() => import('./pages/public/big-screen-page'));

// Administration pages (signed-in users): never part of a player's download.
const SuperadminDashboardPage = lazyPage(() => import('./pages/admin/superadmin-dashboard-page'));
const SuperadminMediaPage = lazyPage(() => import('./pages/admin/superadmin-media-page'));
const TenantDashboardPage = lazyPage(() => import('./pages/admin/tenant-dashboard-page'));
const ManageRoutesPage = lazyPage(() => import('./pages/admin/manage-routes-page'));
const RouteStepsPage = lazyPage(() => import('./pages/admin/route-steps-page'));
const RouteQrSheetPage = lazyPage(() => import('./pages/admin/route-qr-sheet-page'));
const AccessCodesPage = lazyPage(() => import('./pages/admin/access-codes-page'));
const LiveScoreboardPage = lazyPage(() => import('./pages/admin/live-scoreboard-page'));
const LiveConsolePage = lazyPage(() => import('./pages/admin/live-console-page'));
const ReviewQueuePage = lazyPage(() => import('./pages/admin/review-queue-page'));
const PhotoWallPage = lazyPage(() => import('./pages/admin/photo-wall-page'));
const MessagesPage = lazyPage(() => import('./pages/admin/messages-page'));
const AnalyticsPage = lazyPage(() => import('./pages/admin/analytics-page'));
const EventReportPage = lazyPage(() => import('./pages/admin/event-report-page'));
const TenantSettingsPage = lazyPage(() => import('./pages/admin/tenant-settings-page'));
const TenantMediaPage = lazyPage(() => import('./pages/admin/tenant-media-page'));

// Player pages (anonymous teams on phones).
const PlayerStartPage = lazyPage(() => import('./pages/player/player-start-page'));
const SelectRoutePage = lazyPage(() => import('./pages/player/select-route-page'));
const PlayEntryPage = lazyPage(() => import('./pages/player/play-entry-page'));
const RouteDetailsPage = lazyPage(() => import('./pages/player/route-details-page'));
const PaymentPage = lazyPage(() => import('./pages/player/payment-page'));
const RoutePlayPage = lazyPage(() => import('./pages/player/route-play-page'));
const GameplayPage = lazyPage(() => import('./pages/player/gameplay-page'));
const FinalScoreboardPage = lazyPage(() => import('./pages/player/final-scoreboard-page'));
const VerifyEmailPage = lazyPage(() => import('./pages/player/verify-email-page'));
const ContinuePage = lazyPage(() => import('./pages/player/continue-page'));

/** The page component of each registered path (the type demands one for every path). */
const PAGES = {
  '/': HomePage,
  '/login': LoginPage,
  '/:tenantSlug/login': TenantLoginPage,
  '/reset-password': ResetPasswordPage,
  '/home': HomePage,
  '/superadmin': SuperadminDashboardPage,
  '/superadmin/media': SuperadminMediaPage,
  '/:tenantSlug/dashboard': TenantDashboardPage,
  '/:tenantSlug/routes': ManageRoutesPage,
  '/:tenantSlug/routes/:routeId/steps': RouteStepsPage,
  '/:tenantSlug/routes/:routeId/qr-sheet': RouteQrSheetPage,
  '/:tenantSlug/access-codes': AccessCodesPage,
  '/:tenantSlug/scoreboard': LiveScoreboardPage,
  '/:tenantSlug/live': LiveConsolePage,
  '/:tenantSlug/live/review': ReviewQueuePage,
  '/:tenantSlug/live/wall': PhotoWallPage,
  '/:tenantSlug/live/messages': MessagesPage,
  '/:tenantSlug/analytics': AnalyticsPage,
  '/:tenantSlug/analytics/report': EventReportPage,
  '/:tenantSlug/analytics/certificates': EventReportPage,
  '/:tenantSlug/settings': TenantSettingsPage,
  '/:tenantSlug/media': TenantMediaPage,
  '/:tenantSlug/start': PlayerStartPage,
  '/:tenantSlug/select-route': SelectRoutePage,
  '/:tenantSlug/gioco': PlayEntryPage,
  '/:tenantSlug/:routeSlug/details': RouteDetailsPage,
  '/:tenantSlug/:routeSlug/payment': PaymentPage,
  '/:tenantSlug/:routeSlug/play': RoutePlayPage,
  '/:tenantSlug/gioco/step': GameplayPage,
  '/:tenantSlug/gioco/step/:routeSlug': GameplayPage,
  '/:tenantSlug/game/scoreboard': FinalScoreboardPage,
  '/:tenantSlug/verify-email': VerifyEmailPage,
  '/:tenantSlug/continua': ContinuePage,
  '/:tenantSlug/classifica': BigScreenPage,
} satisfies Record<AppPath, LazyPage>;

/** One page's route, wrapped in its guard and shell layouts when `ACCESS` lists it. */
function pageRoute(path: AppPath): RouteObject {
  const Page = PAGES[path];
  const access = ACCESS[path];
  let route: RouteObject = { path, element: <Page />, handle: preloads(Page) };
  if (access?.shell) {
    const shell = <AppShellLayout title={access.shell} />;
    route = { element: shell, handle: preloads(AppShellLayout), children: [route] };
  }
  if (access) {
    const role = access.role === 'signed-in' ? undefined : access.role;
    const guard = <RequireAuth role={role} />;
    route = { element: guard, handle: preloads(RequireAuth), children: [route] };
  }
  if (PHONE_PAGES.has(path)) return route;
  return { element: <StaffData />, handle: preloads(StaffData), children: [route] };
}

/** A route's `handle`: how to load its lazy component ahead of the first render. */
interface PreloadHandle {
  /** Loads it, and what the address's `search` asks for beyond it (the console's map, 0090). */
  preload: (search: string) => Promise<void>;
}

const preloads = (component: {
  preload: () => Promise<{ preloadFor?: (search: string) => Promise<void> }>;
}): PreloadHandle => ({
  preload: async (search) => (await component.preload()).preloadFor?.(search),
});

/** The route table: every URL of `APP_ROUTES` under one layout; anything else redirects to `/`. */
export const appRoutes: RouteObject[] = [
  {
    element: <RootLayout />,
    children: [
      ...APP_ROUTES.map(({ path }) => pageRoute(path)),
      { path: '*', element: <Navigate to="/" replace /> },
    ],
  },
];

/** The page of the current URL (the app's own router: decision 0053). */
export function AppRoutes() {
  return useRoutes(appRoutes);
}

/**
 * Loads the page (and its guard and shell) that an address's `pathname` shows, and what its
 * `search` asks for beyond it, so the first render draws it at once instead of the spinner. A
 * chunk that fails to load is left to the page's render, which shows the route error (and
 * reloads once after a deployment).
 */
export async function preloadPage({
  pathname,
  search,
}: Pick<Location, 'pathname' | 'search'>): Promise<void> {
  const branch = matchRoutes(appRoutes, pathname)?.branch ?? [];
  const loads = branch.flatMap((route) => {
    const handle = route.handle as PreloadHandle | undefined;
    return handle ? [handle.preload(search).catch(() => undefined)] : [];
  });
  await Promise.all(loads);
}
