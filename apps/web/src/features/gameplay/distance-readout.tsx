import { distanceM, isWithinRadius } from '@tappa/domain';
import type { LatLng } from '@tappa/domain';
import { useTranslation } from '../../lib/i18n';

/** Props of `DistanceReadout`. */
export interface DistanceReadoutProps {
  position: LatLng | null;
  target: LatLng;
  radiusM: number;
}

/** The live distance to the step in metres, green with a check once within its radius. */
export function DistanceReadout({ position, target, radiusM }: DistanceReadoutProps) {
  const { t } = useTranslation();
  if (!position) {
    return <p className="gameplay__distance">{t('gameplay.locating')}</p>;
  }
  const metres = distanceM(position, target);
  const inside = isWithinRadius(metres, radiusM);
  return (
    <p className={inside ? 'gameplay__distance gameplay__distance--inside' : 'gameplay__distance'}>
      {inside && <span aria-hidden="true">✓ </span>}
      {t('gameplay.distance', { metres })}
    </p>
  );
}
