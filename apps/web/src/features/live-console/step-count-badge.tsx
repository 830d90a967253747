import { divIcon } from 'leaflet';
import { useMemo } from 'react';
import { Marker } from 'react-leaflet';
import type { LatLng } from '../../components/map/map-geometry';

/**
 * How many teams are at a step or heading to it, as a small badge on the corner of its numbered
 * pin. Only a number reaches the icon; the pin's own tooltip and the list say it in words.
 */
export function StepCountBadge({ position, count }: { position: LatLng; count: number }) {
  const icon = useMemo(() => {
    const badge = document.createElement('span');
    badge.setAttribute('aria-hidden', 'true');
    badge.textContent = String(count);
    return divIcon({
      className: 'live-map-count',
      html: badge,
      iconSize: [22, 22],
      // Over the top right corner of a 30 px pin centred on the step.
      iconAnchor: [-4, 26],
    });
  }, [count]);
  return (
    <Marker
      position={[position.lat, position.lng]}
      icon={icon}
      interactive={false}
      keyboard={false}
      zIndexOffset={500}
    />
  );
}
