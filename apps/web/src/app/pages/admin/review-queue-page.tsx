import type { ReviewFilter } from '@tappa/contracts';
import { useParams, useSearchParams } from '../../../lib/router';
import { TenantAreaLayout } from '../../../components/tenant-area-layout';
import { ReviewQueue, type ReviewMode } from '../../../features/review-queue/review-queue';

/**
 * `/:tenantSlug/live/review[?route=&step=&status=decided]`: the review queue in the tenant area
 * shell, for the tenant's staff and its judges; the filters live in the query so a reload keeps
 * them.
 */
export function ReviewQueuePage() {
  const { tenantSlug = '' } = useParams();
  const [searchParams, setSearchParams] = useSearchParams();
  const filter: ReviewFilter = {
    route: searchParams.get('route') || undefined,
    step: searchParams.get('step') || undefined,
  };
  const mode: ReviewMode = searchParams.get('status') === 'decided' ? 'decided' : 'pending';

  const handleChange = (next: ReviewFilter, nextMode: ReviewMode) => {
    const query: Record<string, string> = {};
    if (next.route) query.route = next.route;
    if (next.route && next.step) query.step = next.step;
    if (nextMode === 'decided') query.status = 'decided';
    setSearchParams(query, { replace: true });
  };

  return (
    <TenantAreaLayout>
      <ReviewQueue slug={tenantSlug} filter={filter} mode={mode} onFilterChange={handleChange} />
    </TenantAreaLayout>
  );
}

export default ReviewQueuePage;
