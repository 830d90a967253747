import { useParams, useSearchParams } from '../../../lib/router';
import { PhotoWall } from '../../../features/photo-wall/photo-wall';

/**
 * `/:tenantSlug/live/wall[?route=]`: the photo wall for a projector, for the tenant's staff and
 * its judges; the route (its id) lives in the query so a reload keeps it.
 */
export function PhotoWallPage() {
  const { tenantSlug = '' } = useParams();
  const [searchParams, setSearchParams] = useSearchParams();
  const routeId = searchParams.get('route') || null;

  const handleRouteChange = (route: string | null) => {
    setSearchParams(route ? { route } : {}, { replace: true });
  };

  return <PhotoWall slug={tenantSlug} routeId={routeId} onRouteChange={handleRouteChange} />;
}

export default PhotoWallPage;
