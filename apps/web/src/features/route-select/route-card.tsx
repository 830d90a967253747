import type { PlayableRoute } from '@tappa/contracts';
import { useTranslation } from 'react-i18next';
import { RouteBadge } from './route-badge';

/** Props of `RouteCard`. */
export interface RouteCardProps {
  route: PlayableRoute;
  onOpen: (route: PlayableRoute) => void;
  busy?: boolean;
}

/** A route of the list: image, title, two lines of description, access badge, game in progress. */
export function RouteCard({ route, onOpen, busy = false }: RouteCardProps) {
  const { t } = useTranslation();
  return (
    <article className="route-card" aria-busy={busy}>
      <div className="route-card__media">
        {route.image_url ? (
          <img className="route-card__image" src={route.image_url} alt="" loading="lazy" />
        ) : (
          <span className="route-card__image route-card__image--empty" aria-hidden="true" />
        )}
        <RouteBadge route={route} />
      </div>
      <div className="route-card__body">
        <h2 className="route-card__title">
          {/* The button covers the whole card (see ::after): one large touch target. */}
          <button
            className="route-card__open"
            type="button"
            disabled={busy}
            onClick={() => onOpen(route)}
          >
            {route.title}
          </button>
        </h2>
        {route.description && <p className="route-card__description">{route.description}</p>}
        {route.in_progress && (
          <p className="route-card__progress">
            {t('player.inProgress', {
              done: route.in_progress.done,
              total: route.in_progress.total,
            })}
          </p>
        )}
      </div>
    </article>
  );
}
