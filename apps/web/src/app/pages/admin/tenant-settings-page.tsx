import { PagePlaceholder } from '../../../components/page-placeholder';

/** `/:tenantSlug/settings`: tenant settings (a placeholder until its issue builds it). */
export function TenantSettingsPage() {
  return <PagePlaceholder name="Tenant settings" />;
}

export default TenantSettingsPage;
