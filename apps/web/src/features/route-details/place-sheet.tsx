import { useTranslation } from '../../lib/i18n';
import { Overlay } from './overlay';
import type { RoutePlace } from './route-places';

/** The external map's directions to a point (opened in a new tab). */
export function directionsUrl(lat: number, lng: number): string {
  return `https://www.google.com/maps/dir/?api=1&destination=${lat},${lng}`;
}

/** Props of `PlaceSheet`. */
export interface PlaceSheetProps {
  place: RoutePlace;
  onClose: () => void;
}

/** The start point's bottom sheet: the place and 'Ottieni indicazioni'. */
export function PlaceSheet({ place, onClose }: PlaceSheetProps) {
  const { t } = useTranslation();
  return (
    <Overlay labelledBy="place-sheet-title" onClose={onClose}>
      <p className="player-muted">{t('player.details.startPoint')}</p>
      <h2 id="place-sheet-title" className="player-subtitle">
        {place.place}
      </h2>
      <a
        className="player-button"
        href={directionsUrl(place.lat, place.lng)}
        target="_blank"
        rel="noopener noreferrer"
      >
        {t('common.getDirections')}
      </a>
      <button className="player-button player-button--secondary" type="button" onClick={onClose}>
        {t('gameplay.close')}
      </button>
    </Overlay>
  );
}
