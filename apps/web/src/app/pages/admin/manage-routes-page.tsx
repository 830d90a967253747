import { useParams } from '../../../lib/router';
import { TenantAreaLayout } from '../../../components/tenant-area-layout';
import { ManageRoutes } from '../../../features/manage-routes/manage-routes';

/** `/:tenantSlug/routes`: route management ('Routes') inside the tenant area shell. */
export function ManageRoutesPage() {
  const { tenantSlug = '' } = useParams();
  return (
    <TenantAreaLayout>
      <ManageRoutes tenantSlug={tenantSlug} />
    </TenantAreaLayout>
  );
}

export default ManageRoutesPage;
