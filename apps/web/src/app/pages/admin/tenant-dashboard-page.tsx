import { PagePlaceholder } from '../../../components/page-placeholder';

/** `/:tenantSlug/dashboard`: the tenant dashboard (a placeholder until its issue builds it). */
export function TenantDashboardPage() {
  return <PagePlaceholder name="Tenant dashboard" />;
}

export default TenantDashboardPage;
