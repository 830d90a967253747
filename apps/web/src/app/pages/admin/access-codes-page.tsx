import { PagePlaceholder } from '../../../components/page-placeholder';
import { TenantAreaLayout } from '../../../components/tenant-area-layout';

/** `/:tenantSlug/access-codes`: access codes, a placeholder in the tenant area shell. */
export function AccessCodesPage() {
  return (
    <TenantAreaLayout>
      <PagePlaceholder name="Access codes" />
    </TenantAreaLayout>
  );
}

export default AccessCodesPage;
