import { PagePlaceholder } from '../../../components/page-placeholder';
import { TenantAreaLayout } from '../../../components/tenant-area-layout';

/** `/:tenantSlug/settings`: tenant settings in the tenant area shell (a placeholder for now). */
export function TenantSettingsPage() {
  return (
    <TenantAreaLayout>
      <PagePlaceholder name="Tenant settings" />
    </TenantAreaLayout>
  );
}

export default TenantSettingsPage;
