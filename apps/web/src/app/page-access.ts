import type { AppShellLayoutProps } from '../components/app-shell-layout';
import type { RequireAuthProps } from '../components/require-auth';
import { APP_ROUTES, type AppPath } from './route-list';

// Which layouts wrap each page, as data: the router builds its routes from it, and the build
// (`vite-page-preloads.ts`) preloads the layouts' chunks with the page's own.

/** What a page needs (doc 1 §2): nothing, any signed-in user, or a role; and its shell title. */
export interface PageAccess {
  role?: RequireAuthProps['role'] | 'signed-in';
  shell?: AppShellLayoutProps['title'];
}

/** Guarded pages; player and public pages are missing from this table and stay open. */
export const ACCESS: Partial<Record<AppPath, PageAccess>> = {
  '/home': { role: 'signed-in' },
  '/superadmin': { role: 'superadmin', shell: 'superadminDashboard' },
  '/superadmin/media': { role: 'superadmin', shell: 'mediaLibrary' },
  '/:tenantSlug/dashboard': { role: 'tenant_admin' },
  '/:tenantSlug/routes': { role: 'tenant_admin' },
  '/:tenantSlug/routes/:routeId/steps': { role: 'tenant_admin' },
  '/:tenantSlug/routes/:routeId/qr-sheet': { role: 'tenant_admin' },
  '/:tenantSlug/access-codes': { role: 'tenant_admin' },
  '/:tenantSlug/scoreboard': { role: 'tenant_admin' },
  '/:tenantSlug/live': { role: 'tenant_admin' },
  '/:tenantSlug/live/review': { role: 'reviewer' },
  '/:tenantSlug/live/wall': { role: 'reviewer' },
  // The tenant's staff, not its judges (the staff policy of `staffMessages`).
  '/:tenantSlug/live/messages': { role: 'tenant_admin' },
  // The tenant's staff, as `analytics.route`'s staff policy (judges read no analytics).
  '/:tenantSlug/analytics': { role: 'tenant_admin' },
  // The tenant's staff, not its judges (the staff policy of `analytics`).
  '/:tenantSlug/analytics/report': { role: 'tenant_admin' },
  '/:tenantSlug/analytics/certificates': { role: 'tenant_admin' },
  '/:tenantSlug/settings': { role: 'tenant_admin' },
  '/:tenantSlug/media': { role: 'tenant_admin' },
};

/**
 * Pages that read only the phone's query cache (`lib/query`), never React Query: the players'
 * pages and the big screen. Every other page is wrapped in `StaffData`.
 */
export const PHONE_PAGES = new Set<AppPath>([
  ...APP_ROUTES.filter(({ audience }) => audience === 'player').map(({ path }) => path),
  '/:tenantSlug/classifica',
]);

/**
 * The modules of the lazy layouts around the page of `path`, outermost first, relative to `src/`
 * (as the router imports them): the staff pages' data, the guard, the shell.
 */
export function layoutModulesOf(path: AppPath): string[] {
  const access = ACCESS[path];
  return [
    ...(PHONE_PAGES.has(path) ? [] : ['app/staff-data']),
    ...(access ? ['components/require-auth'] : []),
    ...(access?.shell ? ['components/app-shell-layout'] : []),
  ];
}
