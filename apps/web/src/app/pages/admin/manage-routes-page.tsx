import { PagePlaceholder } from '../../../components/page-placeholder';

/** `/:tenantSlug/routes`: route management (a placeholder until its issue builds it). */
export function ManageRoutesPage() {
  return <PagePlaceholder name="Manage Routes" />;
}

export default ManageRoutesPage;
