import { distanceM, isWithinRadius } from '@tappa/domain';
import type { LatLng } from '@tappa/domain';
import { useTranslation } from '../../lib/i18n';

/** Props of `DistanceReadout`. */
export interface DistanceReadoutProps {
  position: LatLng | null;
  target: LatLng;
  radiusM: number;
}

/**
 * The live distance to the step, labelled ('Distanza: 120 m'); green with a check and 'Sei nel
 * raggio' once within its radius, so the state reads without the colour.
 */
export function DistanceReadout({ position, target, radiusM }: DistanceReadoutProps) {
  const { t } = useTranslation();
  if (!position) {
    return <p className="gameplay__distance">{t('gameplay.locating')}</p>;
  }
  const metres = distanceM(position, target);
  const inside = isWithinRadius(metres, radiusM);
  return (
    <p className={inside ? 'gameplay__distance gameplay__distance--inside' : 'gameplay__distance'}>
      <span>{t('gameplay.distance', { metres })}</span>
      {inside && (
        <span className="gameplay__in-range">
          <span aria-hidden="true">✓ </span>
          {t('gameplay.withinRadius')}
        </span>
      )}
    </p>
  );
}
