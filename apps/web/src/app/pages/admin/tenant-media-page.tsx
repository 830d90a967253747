import { PagePlaceholder } from '../../../components/page-placeholder';
import { TenantAreaLayout } from '../../../components/tenant-area-layout';

/** `/:tenantSlug/media`: the media library, a placeholder in the tenant area shell. */
export function TenantMediaPage() {
  return (
    <TenantAreaLayout>
      <PagePlaceholder name="Media library" />
    </TenantAreaLayout>
  );
}

export default TenantMediaPage;
