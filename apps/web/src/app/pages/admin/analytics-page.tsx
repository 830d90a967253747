import { useCallback } from 'react';
import { useParams, useSearchParams } from '../../../lib/router';
import { TenantAreaLayout } from '../../../components/tenant-area-layout';
import { RouteAnalyticsView } from '../../../features/route-analytics/route-analytics';
import type { AnalyticsSearch } from '../../../features/route-analytics/analytics-range';

/**
 * `/:tenantSlug/analytics?route=&from=&to=`: the per-step analytics (issue 38) in the tenant
 * area shell, for the tenant's staff; the route (an id) and the range (instants) live in the
 * query, so the page can be linked and reloaded.
 */
export function AnalyticsPage() {
  const { tenantSlug = '' } = useParams();
  const [searchParams, setSearchParams] = useSearchParams();
  const search: AnalyticsSearch = {
    route: searchParams.get('route') || null,
    from: searchParams.get('from') || null,
    to: searchParams.get('to') || null,
  };

  const handleSearchChange = useCallback(
    (next: AnalyticsSearch) => {
      const entries = Object.entries(next).filter(
        (entry): entry is [string, string] => entry[1] !== null,
      );
      setSearchParams(Object.fromEntries(entries), { replace: true });
    },
    [setSearchParams],
  );

  return (
    <TenantAreaLayout>
      <RouteAnalyticsView slug={tenantSlug} search={search} onSearchChange={handleSearchChange} />
    </TenantAreaLayout>
  );
}

export default AnalyticsPage;
