import { useEffect } from 'react';
import { useTranslation } from '../../lib/i18n';

/** The external map's directions to a point (opened in a new tab). */
export function directionsUrl(lat: number, lng: number): string {
  return `https://www.google.com/maps/dir/?api=1&destination=${lat},${lng}`;
}

/** Props of `StepPlaceSheet`. */
export interface StepPlaceSheetProps {
  place: string;
  /** The step's street address, shown under the place; null or absent: the place only. */
  address?: string | null;
  lat: number;
  lng: number;
  onClose: () => void;
}

/**
 * The bottom sheet 'Luogo della tappa': the place with its street address when the step has one,
 * 'Ottieni indicazioni' and 'Chiudi'.
 */
export function StepPlaceSheet({ place, address, lat, lng, onClose }: StepPlaceSheetProps) {
  const { t } = useTranslation();
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onClose();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [onClose]);

  return (
    <div
      className="player-overlay"
      onClick={(event) => {
        if (event.target === event.currentTarget) onClose();
      }}
    >
      <div className="player-sheet" role="dialog" aria-modal="true" aria-labelledby="step-sheet">
        <h2 id="step-sheet" className="player-subtitle">
          {t('gameplay.stepPlace')}
        </h2>
        <p className="gameplay__sheet-place">{place}</p>
        {address ? <p className="gameplay__sheet-address">{address}</p> : null}
        <a
          className="player-button"
          href={directionsUrl(lat, lng)}
          target="_blank"
          rel="noopener noreferrer"
        >
          {t('common.getDirections')}
        </a>
        <button className="player-button player-button--secondary" type="button" onClick={onClose}>
          {t('gameplay.close')}
        </button>
      </div>
    </div>
  );
}
