import type { RouteAnalytics } from '@tappa/contracts';
import type { Clock } from './infra/clock';
import { TenantReadCache } from './infra/read-cache';
import type { RouteRow } from './modules/routes/routes.service';
import type { TenantRow } from './modules/tenants/tenants.service';
import type { AppSignals } from './signals';

/**
 * How long a cached read is kept without a change signal: a safety net for a signal another
 * instance could not send (decision 0049). Every instance forgets at once what it changes
 * itself, the others when the LISTEN/NOTIFY signal arrives.
 */
const READ_CACHE_MAX_AGE_MS = 5_000;
const READ_CACHE_MAX_ENTRIES = 1_000;

/** The caches of the public reads, forgotten per tenant by the 'content' signal. */
export interface ReadCaches {
  /** Tenants by slug: the player pages' tenant guard and the public tenant read. */
  tenants: TenantReadCache<TenantRow>;
  /** Each tenant's active routes by tenant id: the players' route list. */
  activeRoutes: TenantReadCache<RouteRow[]>;
  /**
   * Routes' analytics by tenant, route, range and 5 s bucket (decision 0088): the staff's page
   * polls them during the event; a route's edit forgets them with the tenant's other reads.
   */
  analytics: TenantReadCache<RouteAnalytics>;
}

/** The read caches of one app. */
export function createReadCaches(clock: Clock): ReadCaches & {
  forget(tenantId: string): void;
  keep(isKept: boolean): void;
} {
  const opts = { clock, maxAgeMs: READ_CACHE_MAX_AGE_MS, maxEntries: READ_CACHE_MAX_ENTRIES };
  const caches = {
    tenants: new TenantReadCache<TenantRow>(opts),
    activeRoutes: new TenantReadCache<RouteRow[]>(opts),
    analytics: new TenantReadCache<RouteAnalytics>(opts),
  };
  return {
    ...caches,
    forget: (tenantId) => {
      caches.tenants.forget(tenantId);
      caches.activeRoutes.forget(tenantId);
      caches.analytics.forget(tenantId);
    },
    keep: (isKept) => {
      caches.tenants.keep(isKept);
      caches.activeRoutes.keep(isKept);
      caches.analytics.keep(isKept);
    },
  };
}

/**
 * Keeps the read caches in step with the change signals: a tenant's reads are forgotten on its
 * 'content' signal (this instance's at once, another's when it arrives), and none is kept while
 * the other instances' signals cannot arrive.
 */
export function forgetReadsOnSignals(
  reads: Pick<ReturnType<typeof createReadCaches>, 'forget' | 'keep'>,
  signals: AppSignals,
): void {
  signals.on('content', (tenantId) => reads.forget(tenantId));
  signals.onAway(() => reads.keep(false));
  signals.onMissed(() => reads.keep(true));
}
