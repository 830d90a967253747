import { PagePlaceholder } from '../../../components/page-placeholder';

/** `/:tenantSlug/:routeSlug/play`: the route play URL (a placeholder until its issue builds it). */
export function RoutePlayPage() {
  return <PagePlaceholder name="Route play" />;
}

export default RoutePlayPage;
