import { lazy } from 'react';
import type { ComponentType, LazyExoticComponent } from 'react';
import { Navigate } from 'react-router';
import type { RouteObject } from 'react-router';
import type { AppShellLayoutProps } from '../components/app-shell-layout';
import type { RequireAuthProps } from '../components/require-auth';
import { RootLayout } from './root-layout';
import { RouteError } from './route-error';
import { APP_ROUTES } from './route-list';
import type { AppPath } from './route-list';

export { APP_ROUTES } from './route-list';
export type { AppPath, AppRouteInfo, Audience } from './route-list';

type LazyPage = LazyExoticComponent<ComponentType>;

// Guard and shell layouts load with the pages they wrap: they stay out of the entry chunk.
const RequireAuth = lazy(async () => ({
  default: (await import('../components/require-auth')).RequireAuth,
}));
const AppShellLayout = lazy(async () => ({
  default: (await import('../components/app-shell-layout')).AppShellLayout,
}));

// Public pages.
const HomePage = lazy(() => import('./pages/public/home-page'));
const LoginPage = lazy(() => import('./pages/public/login-page'));
const TenantLoginPage = lazy(() => import('./pages/public/tenant-login-page'));
const ResetPasswordPage = lazy(() => import('./pages/public/reset-password-page'));
const BigScreenPage = lazy(() => import('./pages/public/big-screen-page'));

// Administration pages (signed-in users): never part of a player's download.
const SuperadminDashboardPage = lazy(() => import('./pages/admin/superadmin-dashboard-page'));
const SuperadminMediaPage = lazy(() => import('./pages/admin/superadmin-media-page'));
const TenantDashboardPage = lazy(() => import('./pages/admin/tenant-dashboard-page'));
const ManageRoutesPage = lazy(() => import('./pages/admin/manage-routes-page'));
const RouteStepsPage = lazy(() => import('./pages/admin/route-steps-page'));
const RouteQrSheetPage = lazy(() => import('./pages/admin/route-qr-sheet-page'));
const AccessCodesPage = lazy(() => import('./pages/admin/access-codes-page'));
const LiveScoreboardPage = lazy(() => import('./pages/admin/live-scoreboard-page'));
const TenantSettingsPage = lazy(() => import('./pages/admin/tenant-settings-page'));
const TenantMediaPage = lazy(() => import('./pages/admin/tenant-media-page'));

// Player pages (anonymous teams on phones).
const PlayerStartPage = lazy(() => import('./pages/player/player-start-page'));
const SelectRoutePage = lazy(() => import('./pages/player/select-route-page'));
const PlayEntryPage = lazy(() => import('./pages/player/play-entry-page'));
const RouteDetailsPage = lazy(() => import('./pages/player/route-details-page'));
const PaymentPage = lazy(() => import('./pages/player/payment-page'));
const RoutePlayPage = lazy(() => import('./pages/player/route-play-page'));
const GameplayPage = lazy(() => import('./pages/player/gameplay-page'));
const FinalScoreboardPage = lazy(() => import('./pages/player/final-scoreboard-page'));
const VerifyEmailPage = lazy(() => import('./pages/player/verify-email-page'));

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
  '/:tenantSlug/classifica': BigScreenPage,
} satisfies Record<AppPath, LazyPage>;

/** What a page needs (doc 1 §2): nothing, any signed-in user, or a role; and its shell title. */
interface PageAccess {
  role?: RequireAuthProps['role'] | 'signed-in';
  shell?: AppShellLayoutProps['title'];
}

/** Guarded pages; player and public pages are missing from this table and stay open. */
const ACCESS: Partial<Record<AppPath, PageAccess>> = {
  '/home': { role: 'signed-in' },
  '/superadmin': { role: 'superadmin', shell: 'superadminDashboard' },
  '/superadmin/media': { role: 'superadmin', shell: 'mediaLibrary' },
  '/:tenantSlug/dashboard': { role: 'tenant_admin' },
  '/:tenantSlug/routes': { role: 'tenant_admin' },
  '/:tenantSlug/routes/:routeId/steps': { role: 'tenant_admin' },
  '/:tenantSlug/routes/:routeId/qr-sheet': { role: 'tenant_admin' },
  '/:tenantSlug/access-codes': { role: 'tenant_admin' },
  '/:tenantSlug/scoreboard': { role: 'tenant_admin' },
  '/:tenantSlug/settings': { role: 'tenant_admin' },
  '/:tenantSlug/media': { role: 'tenant_admin' },
};

/** One page's route, wrapped in its guard and shell layouts when `ACCESS` lists it. */
function pageRoute(path: AppPath): RouteObject {
  const Page = PAGES[path];
  const access = ACCESS[path];
  let route: RouteObject = { path, element: <Page /> };
  if (!access) return route;
  if (access.shell) route = { element: <AppShellLayout title={access.shell} />, children: [route] };
  const role = access.role === 'signed-in' ? undefined : access.role;
  return { element: <RequireAuth role={role} />, children: [route] };
}

/** The route table: every URL of `APP_ROUTES` under one layout; anything else redirects to `/`. */
export const appRoutes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteError />,
    children: [
      ...APP_ROUTES.map(({ path }) => pageRoute(path)),
      { path: '*', element: <Navigate to="/" replace /> },
    ],
  },
];
