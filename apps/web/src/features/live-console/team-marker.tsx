import { divIcon } from 'leaflet';
import { useMemo } from 'react';
import { Marker } from 'react-leaflet';
import type { LatLng } from '../../components/map/map-geometry';

/** A team's marker as the map draws it: its place and its texts, ready to show. */
export interface TeamMarkerView extends LatLng {
  gameId: string;
  name: string;
  /** How old its position is ('2 min fa'). */
  age: string;
  /** The tooltip: name, step, age and what stands out. */
  title: string;
  isStale: boolean;
  isStuck: boolean;
  /** The stuck badge's text ('Bloccata'). */
  stuckLabel: string;
}

/** The dot's size in pixels; the label sits beside it, outside the icon's box. */
const DOT_PX = 18;

/** Class names of a team's icon: faded when stale, red when stuck, ringed when selected. */
export function teamIconClassName(view: TeamMarkerView, selected: boolean): string {
  return [
    'live-map-team',
    view.isStale ? 'live-map-team--stale' : '',
    view.isStuck ? 'live-map-team--stuck' : '',
    selected ? 'live-map-team--selected' : '',
  ]
    .filter(Boolean)
    .join(' ');
}

/**
 * The icon's label built as elements with text nodes, never as HTML: a team names itself, and
 * its name must not become markup on the organiser's page.
 */
export function teamIconLabel(view: TeamMarkerView): HTMLElement {
  const label = document.createElement('span');
  label.className = 'live-map-team__label';
  label.title = view.title;
  const name = document.createElement('strong');
  name.textContent = view.name;
  const age = document.createElement('span');
  age.className = 'live-map-team__age';
  age.textContent = view.age;
  label.append(name, ' ', age);
  if (view.isStuck) {
    const badge = document.createElement('span');
    badge.className = 'badge badge--danger';
    badge.textContent = view.stuckLabel;
    label.append(' ', badge);
  }
  return label;
}

/** Props of `TeamMarker`. */
export interface TeamMarkerProps {
  view: TeamMarkerView;
  selected: boolean;
  onSelect: (gameId: string) => void;
}

/**
 * A team on the map: a dot with its name and the age of its position beside it, moved when a
 * push moves the team; a click (or Enter on it) selects the team.
 */
export function TeamMarker({ view, selected, onSelect }: TeamMarkerProps) {
  const { gameId, name, age, title, isStale, isStuck, stuckLabel } = view;
  const icon = useMemo(() => {
    const shown = { gameId, name, age, title, isStale, isStuck, stuckLabel, lat: 0, lng: 0 };
    return divIcon({
      className: teamIconClassName(shown, selected),
      html: teamIconLabel(shown),
      iconSize: [DOT_PX, DOT_PX],
      iconAnchor: [DOT_PX / 2, DOT_PX / 2],
    });
  }, [gameId, name, age, title, isStale, isStuck, stuckLabel, selected]);
  const handlers = useMemo(() => ({ click: () => onSelect(gameId) }), [gameId, onSelect]);
  return (
    <Marker
      position={[view.lat, view.lng]}
      icon={icon}
      // The stuck and the selected teams are drawn above the others.
      zIndexOffset={selected ? 2000 : isStuck ? 1000 : 0}
      eventHandlers={handlers}
    />
  );
}
