import type { RouteDetails } from '@tappa/contracts';
import type { ReactNode } from 'react';
import { Navigate } from '../../lib/router';
import { useRouteDetails } from '../../api/player-routes';
import { LoadingSpinner } from '../../components/loading-spinner';
import { ApiError } from '../../lib/api-client';
import { errorText } from '../../lib/error-text';
import { useTranslation } from '../../lib/i18n';

/** Loads a route for a player page; a missing or disabled route goes back to the route list. */
export function RouteDetailsLoader({
  slug,
  routeSlug,
  children,
}: {
  slug: string;
  routeSlug: string;
  children: (route: RouteDetails) => ReactNode;
}) {
  const { t } = useTranslation();
  const route = useRouteDetails(slug, routeSlug);
  if (route.isPending) return <LoadingSpinner />;
  if (route.isError) {
    if (route.error instanceof ApiError && route.error.status === 404) {
      return <Navigate to={`/${slug}/select-route`} replace />;
    }
    return (
      <p className="player-alert" role="alert">
        {errorText(route.error, t)}
      </p>
    );
  }
  return <>{children(route.data)}</>;
}
