import type { PlayableRoute } from '@tappa/contracts';
import { usePlayableRoutes } from '../../api/player-routes';
import { serverErrorText } from '../../lib/error-text';
import { useTranslation } from '../../lib/i18n';
import { RouteBadge } from './route-badge';
import './route-select.css';

/** Props of `RouteStartList`. */
export interface RouteStartListProps {
  slug: string;
  /** False while the team name is empty: every Start waits. */
  canStart: boolean;
  /** The route being started, whose button waits. */
  startingSlug?: string | null;
  onStart: (route: PlayableRoute) => void;
}

/** 'Select a Route' of the Start Game page: each route with 'Start' ('Not Available' outside its dates). */
export function RouteStartList({ slug, canStart, startingSlug, onStart }: RouteStartListProps) {
  const { t } = useTranslation();
  const routes = usePlayableRoutes(slug);
  if (routes.isPending) {
    return (
      <p className="player-muted" role="status">
        {t('common.loading')}
      </p>
    );
  }
  if (routes.isError) {
    return (
      <p className="player-alert" role="alert">
        {serverErrorText(routes.error, t) ?? t('player.loadFailed')}
      </p>
    );
  }
  if (routes.data.length === 0) return <p className="player-muted">{t('player.noRoutes')}</p>;
  return (
    <ul className="start-list">
      {routes.data.map((route) => (
        <li key={route.id} className="start-list__item">
          <div className="start-list__info">
            <p className="start-list__title">{route.title}</p>
            <p className="start-list__meta">
              <RouteBadge route={route} />
              {!route.is_available && (
                <span className="start-list__unavailable">{t('player.notAvailable')}</span>
              )}
            </p>
          </div>
          <button
            className="player-button player-button--small"
            type="button"
            disabled={!canStart || !route.is_available || Boolean(startingSlug)}
            onClick={() => onStart(route)}
          >
            {t('player.start')}
          </button>
        </li>
      ))}
    </ul>
  );
}
