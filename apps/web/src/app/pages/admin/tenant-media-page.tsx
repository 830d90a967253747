import { PagePlaceholder } from '../../../components/page-placeholder';

/** `/:tenantSlug/media`: the tenant's media library (a placeholder until its issue builds it). */
export function TenantMediaPage() {
  return <PagePlaceholder name="Media library" />;
}

export default TenantMediaPage;
