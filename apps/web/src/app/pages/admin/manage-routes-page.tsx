import { PagePlaceholder } from '../../../components/page-placeholder';
import { TenantAreaLayout } from '../../../components/tenant-area-layout';

/** `/:tenantSlug/routes`: route management in the tenant area shell (a placeholder for now). */
export function ManageRoutesPage() {
  return (
    <TenantAreaLayout>
      <PagePlaceholder name="Manage Routes" />
    </TenantAreaLayout>
  );
}

export default ManageRoutesPage;
