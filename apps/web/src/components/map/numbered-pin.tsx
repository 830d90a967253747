import { divIcon, type Marker as LeafletMarker } from 'leaflet';
import { useEffect, useMemo, useRef } from 'react';
import { Marker } from 'react-leaflet';
import { coordinatesFromClick, type LatLng, pinClassName, pinHtml } from './map-geometry';

/** Props of `NumberedPin`. */
export interface NumberedPinProps {
  position: LatLng;
  /** The number on the pin. */
  number: number;
  /** The marker's tooltip (never in the icon's HTML). */
  title: string;
  selected: boolean;
  onSelect?: () => void;
  /** Given: the pin can be dragged, and reports where it was dropped (rounded). */
  onMove?: (point: LatLng) => void;
}

/** A numbered pin (a `divIcon`: no marker images to bundle), selectable and draggable. */
export function NumberedPin({
  position,
  number,
  title,
  selected,
  onSelect,
  onMove,
}: NumberedPinProps) {
  const markerRef = useRef<LeafletMarker>(null);
  const icon = useMemo(
    () =>
      divIcon({
        className: pinClassName({ selected }),
        html: pinHtml({ number }),
        // The selected pin is larger as well as coloured, so it stands out among the route's.
        iconSize: selected ? [38, 38] : [30, 30],
        iconAnchor: selected ? [19, 19] : [15, 15],
      }),
    [number, selected],
  );
  useEffect(() => {
    const marker = markerRef.current;
    if (!marker) return;
    // react-leaflet gives a marker its title only when it creates it: a renamed place or a
    // change of selection would leave the old tooltip.
    marker.options.title = title;
    marker.getElement()?.setAttribute('title', title);
  }, [title, icon]);
  const handlers = useMemo(
    () => ({
      click: () => onSelect?.(),
      dragstart: () => onSelect?.(),
      dragend: () => {
        const marker = markerRef.current;
        if (marker && onMove) onMove(coordinatesFromClick(marker.getLatLng()));
      },
    }),
    [onMove, onSelect],
  );
  return (
    <Marker
      ref={markerRef}
      position={[position.lat, position.lng]}
      icon={icon}
      title={title}
      draggable={onMove !== undefined}
      autoPan={onMove !== undefined}
      zIndexOffset={selected ? 1000 : 0}
      eventHandlers={handlers}
    />
  );
}
