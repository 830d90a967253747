import { GameplayPage } from './gameplay-page';

/** `/:tenantSlug/:routeSlug/play?route=&game=`: the route play URL, the same gameplay screen. */
export function RoutePlayPage() {
  return <GameplayPage />;
}

export default RoutePlayPage;
