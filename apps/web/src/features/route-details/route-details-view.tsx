import type { RouteDetails } from '@tappa/contracts';
import { formatDistanceKm } from '@tappa/domain';
import { useState } from 'react';
import type { ReactNode } from 'react';
import { Icon } from '../../components/line-icon';
import { useTranslation } from '../../lib/i18n';
import { PlaceSheet } from './place-sheet';
import { RouteDescription } from './route-description';
import { RoutePlaces } from './route-places';
import type { RoutePlace } from './route-places';
import './route-details.css';

/** Props of `RouteDetailsView`. */
export interface RouteDetailsViewProps {
  route: RouteDetails;
  /** The back button floating over the image. */
  back: ReactNode;
  onSelect: () => void;
  selecting?: boolean;
}

/** A labelled fact of the route (distance, key elements, language, hours). */
function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="route-fact">
      <dt className="route-fact__label">{label}</dt>
      <dd className="route-fact__value">{children}</dd>
    </div>
  );
}

/** The route details page: image, title, rating, description, places, facts and the choice. */
export function RouteDetailsView({
  route,
  back,
  onSelect,
  selecting = false,
}: RouteDetailsViewProps) {
  const { t } = useTranslation();
  const [sheetPlace, setSheetPlace] = useState<RoutePlace | null>(null);
  return (
    <article className="route-details">
      <div className="route-hero">
        {route.image_url ? (
          <img className="route-hero__image" src={route.image_url} alt="" />
        ) : (
          <span className="route-hero__image route-hero__image--empty" aria-hidden="true" />
        )}
        <div className="route-hero__back">{back}</div>
      </div>
      <div className="route-details__body">
        <h1 className="player-title">{route.title}</h1>
        <p className="route-rating">
          <span className="route-rating__stars" aria-hidden="true">
            ★
          </span>
          <strong>{t('player.details.rating')}</strong>
          <span className="player-muted">{t('player.ratings')}</span>
        </p>
        {route.description && <RouteDescription text={route.description} />}
        <p className="route-hours">
          <Icon name="clock" /> {t('player.details.playableHours')}
        </p>
        <RoutePlaces places={route.places} onOpenStart={setSheetPlace} />
        <dl className="route-facts">
          <Fact label={t('player.details.totalDistance')}>
            {formatDistanceKm(route.total_distance_km)}
          </Fact>
          {route.key_elements && (
            <Fact label={t('player.details.keyElements')}>{route.key_elements}</Fact>
          )}
          <Fact label={t('player.details.languageLabel')}>{t('player.language')}</Fact>
        </dl>
      </div>
      <div className="route-details__action">
        {!route.is_available && (
          <p className="route-details__unavailable" id="route-unavailable">
            {t('player.notAvailable')}
          </p>
        )}
        <button
          className="player-button route-details__select"
          type="button"
          disabled={selecting || !route.is_available}
          aria-describedby={route.is_available ? undefined : 'route-unavailable'}
          onClick={onSelect}
        >
          {selecting ? t('player.details.starting') : t('player.chooseRoute')}
        </button>
      </div>
      {sheetPlace && <PlaceSheet place={sheetPlace} onClose={() => setSheetPlace(null)} />}
    </article>
  );
}
