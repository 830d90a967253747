import { PagePlaceholder } from '../../../components/page-placeholder';

/** `/:tenantSlug/:routeSlug/details`: route details (a placeholder until its issue builds it). */
export function RouteDetailsPage() {
  return <PagePlaceholder name="Route details" />;
}

export default RouteDetailsPage;
