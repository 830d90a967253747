import type { PlayableRoute } from '@tappa/contracts';
import { usePlayableRoutes } from '../../api/player-routes';
import { LoadingSpinner } from '../../components/loading-spinner';
import { serverErrorText } from '../../lib/error-text';
import { useTranslation } from '../../lib/i18n';
import { RouteCard } from './route-card';
import './route-select.css';

/** Props of `RouteList`. */
export interface RouteListProps {
  slug: string;
  onOpen: (route: PlayableRoute) => void;
  /** The game being resumed: its route's card waits. */
  busyGameId?: string | null;
}

/** The tenant's active routes as cards, or 'Nessun percorso disponibile al momento'. */
export function RouteList({ slug, onOpen, busyGameId }: RouteListProps) {
  const { t } = useTranslation();
  const routes = usePlayableRoutes(slug);
  if (routes.isPending) return <LoadingSpinner />;
  if (routes.isError) {
    return (
      <p className="player-alert" role="alert">
        {serverErrorText(routes.error, t) ?? t('player.loadFailed')}
      </p>
    );
  }
  if (routes.data.length === 0) {
    return <p className="player-card route-list__empty">{t('player.noActiveRoutes')}</p>;
  }
  return (
    <ul className="route-list">
      {routes.data.map((route) => (
        <li key={route.id}>
          <RouteCard
            route={route}
            onOpen={onOpen}
            busy={Boolean(busyGameId) && route.in_progress?.game_id === busyGameId}
          />
        </li>
      ))}
    </ul>
  );
}
