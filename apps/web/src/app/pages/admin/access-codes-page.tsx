import { useParams } from '../../../lib/router';
import { TenantAreaLayout } from '../../../components/tenant-area-layout';
import { AccessCodesAdmin } from '../../../features/access-codes/access-codes-admin';

/** `/:tenantSlug/access-codes`: the access codes of the tenant's code routes. */
export function AccessCodesPage() {
  const { tenantSlug = '' } = useParams();
  return (
    <TenantAreaLayout>
      <AccessCodesAdmin tenantSlug={tenantSlug} />
    </TenantAreaLayout>
  );
}

export default AccessCodesPage;
