import { useParams } from '../../../lib/router';
import { TenantAreaLayout } from '../../../components/tenant-area-layout';
import { StaffMessages } from '../../../features/staff-messages/staff-messages';

/**
 * `/:tenantSlug/live/messages`: the organiser's messages (issue 35) in the tenant area shell, for
 * the tenant's staff (not its judges).
 */
export function MessagesPage() {
  const { tenantSlug = '' } = useParams();
  return (
    <TenantAreaLayout>
      <StaffMessages slug={tenantSlug} />
    </TenantAreaLayout>
  );
}

export default MessagesPage;
