import type { RouteDetails } from '@tappa/contracts';
import { Icon } from '../../components/line-icon';
import { useTranslation } from '../../lib/i18n';
import './route-places.css';

/** A place of the route as the details page lists it. */
export type RoutePlace = RouteDetails['places'][number];

const MEDIA_KEYS = {
  image: 'player.details.mediaImage',
  audio: 'player.details.mediaAudio',
  video: 'player.details.mediaVideo',
} as const;

/** The media a place's step shows (image, audio, video), as small labelled chips. */
function MediaHints({ types }: { types: RoutePlace['media_types'] }) {
  const { t } = useTranslation();
  if (types.length === 0) return null;
  return (
    <span className="media-hints">
      {types.map((type) => (
        <span key={type} className="media-hint">
          <Icon name={type} /> {t(MEDIA_KEYS[type])}
        </span>
      ))}
    </span>
  );
}

/** Props of `RoutePlaces`. */
export interface RoutePlacesProps {
  places: readonly RoutePlace[];
  onOpenStart: (place: RoutePlace) => void;
}

/** Start point (tap for directions), the intermediate places with their count, the end point. */
export function RoutePlaces({ places, onOpenStart }: RoutePlacesProps) {
  const { t } = useTranslation();
  const [first, ...rest] = places;
  if (!first) return null;
  const last = rest.length > 0 ? rest[rest.length - 1] : undefined;
  const middle = rest.slice(0, -1);
  return (
    <section className="route-places">
      <div className="route-point">
        <h2 className="route-section-title">{t('player.details.startPoint')}</h2>
        <button className="route-point__button" type="button" onClick={() => onOpenStart(first)}>
          <span className="route-point__dot route-point__dot--start" aria-hidden="true" />
          <span className="route-point__name">{first.place}</span>
          <MediaHints types={first.media_types} />
          <span className="route-point__more">
            <Icon name="chevron" />
          </span>
        </button>
      </div>
      {middle.length > 0 && (
        <div className="route-point">
          <h2 className="route-section-title">
            {t('player.details.intermediatePlaces', { count: middle.length })}
          </h2>
          <ol className="route-stops">
            {middle.map((place) => (
              <li key={place.ord} className="route-stop">
                <span className="route-point__dot" aria-hidden="true" />
                <span className="route-point__name">{place.place}</span>
                <MediaHints types={place.media_types} />
              </li>
            ))}
          </ol>
        </div>
      )}
      {last && (
        <div className="route-point">
          <h2 className="route-section-title">{t('player.details.endPoint')}</h2>
          <p className="route-stop">
            <span className="route-point__dot route-point__dot--end" aria-hidden="true" />
            <span className="route-point__name">{last.place}</span>
            <MediaHints types={last.media_types} />
          </p>
        </div>
      )}
    </section>
  );
}
