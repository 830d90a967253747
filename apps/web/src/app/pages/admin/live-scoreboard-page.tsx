import { PagePlaceholder } from '../../../components/page-placeholder';
import { TenantAreaLayout } from '../../../components/tenant-area-layout';

/** `/:tenantSlug/scoreboard`: the live scoreboard in the tenant area shell (a placeholder for now). */
export function LiveScoreboardPage() {
  return (
    <TenantAreaLayout>
      <PagePlaceholder name="Live scoreboard" />
    </TenantAreaLayout>
  );
}

export default LiveScoreboardPage;
