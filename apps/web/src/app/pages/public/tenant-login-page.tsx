import { PagePlaceholder } from '../../../components/page-placeholder';

/** `/:tenantSlug/login`: a tenant's branded sign-in (a placeholder until its issue builds it). */
export function TenantLoginPage() {
  return <PagePlaceholder name="Tenant login" />;
}

export default TenantLoginPage;
