import { PagePlaceholder } from '../../../components/page-placeholder';

/** `/:tenantSlug/select-route`: route selection (a placeholder until its issue builds it). */
export function SelectRoutePage() {
  return <PagePlaceholder name="Route selection" />;
}

export default SelectRoutePage;
