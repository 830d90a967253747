import type { PlayableRoute } from '@tappa/contracts';
import { formatEuroCents } from '@tappa/domain';
import { useTranslation } from '../../lib/i18n';
import { RouteBadge } from './route-badge';

/** Props of `RouteCard`. */
export interface RouteCardProps {
  route: PlayableRoute;
  onOpen: (route: PlayableRoute) => void;
  busy?: boolean;
}

/**
 * A route of the list: image, title, two lines of description, access badge (with what a
 * discount code would make the price, decision 0058), game in progress.
 * Outside its dates (the server's `is_available`) it says 'Not Available' and cannot be opened,
 * unless the team has a game in progress on it, which it can still resume.
 */
export function RouteCard({ route, onOpen, busy = false }: RouteCardProps) {
  const { t } = useTranslation();
  const isBlocked = !route.is_available && !route.in_progress;
  return (
    <article
      className={`route-card${route.is_available ? '' : ' route-card--unavailable'}`}
      aria-busy={busy}
    >
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
            disabled={busy || isBlocked}
            onClick={() => onOpen(route)}
          >
            {route.title}
          </button>
        </h2>
        {!route.is_available && (
          <p className="route-card__unavailable">{t('player.notAvailable')}</p>
        )}
        {route.code_price_cents !== null && (
          <p className="route-card__code-price">
            {t('player.payment.codePrice', { amount: formatEuroCents(route.code_price_cents) })}
          </p>
        )}
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
