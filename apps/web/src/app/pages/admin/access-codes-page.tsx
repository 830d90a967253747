import { PagePlaceholder } from '../../../components/page-placeholder';

/** `/:tenantSlug/access-codes`: access-code administration (a placeholder until its issue builds it). */
export function AccessCodesPage() {
  return <PagePlaceholder name="Access codes" />;
}

export default AccessCodesPage;
