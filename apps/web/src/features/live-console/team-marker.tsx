import {
  divIcon,
  type LatLngExpression,
  layerGroup,
  Marker,
  type MarkerOptions,
  type Point,
} from 'leaflet';
import { useEffect, useRef, useState } from 'react';
import { useMap } from 'react-leaflet';
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

/** What `FlatMarker` reads and writes of a Leaflet 1.9 marker's own state. */
interface MarkerState {
  _icon?: HTMLElement & { _leaflet_pos?: Point };
  _zIndex: number;
  options: { zIndexOffset: number };
  _resetZIndex(): void;
}

/**
 * A marker placed with a 2D translate. Leaflet places a marker with `translate3d`, which makes
 * each marker a compositing layer of its own: 1,000 layers to paint and composite at a console's
 * first draw (decision 0091). Leaflet 1.9 places a marker's icon in `_setPos` only (when it is
 * added, moved, or a zoom animates); this one does what it does, in 2D (a `divIcon` has no
 * shadow image to place).
 */
const FlatMarker = Marker.extend({
  _setPos(this: MarkerState, pos: Point) {
    if (this._icon) {
      this._icon._leaflet_pos = pos;
      this._icon.style.transform = `translate(${pos.x}px,${pos.y}px)`;
    }
    this._zIndex = pos.y + this.options.zIndexOffset;
    this._resetZIndex();
  },
}) as new (latLng: LatLngExpression, options?: MarkerOptions) => Marker;

/** Props of `TeamMarkers`. */
export interface TeamMarkersProps {
  views: readonly TeamMarkerView[];
  selectedId: string | null;
  onSelect: (gameId: string) => void;
}

/** What a drawn marker shows, to tell whether a new view changes it. */
const shownOf = (view: TeamMarkerView, selected: boolean) =>
  [teamIconClassName(view, selected), view.name, view.age, view.title, view.stuckLabel].join('\n');

/** The stuck and the selected teams are drawn above the others. */
const zIndexOf = (view: TeamMarkerView, selected: boolean) =>
  selected ? 2000 : view.isStuck ? 1000 : 0;

/**
 * Every team on the map: a dot with its name and the age of its position beside it, moved when a
 * push moves the team; a click (or Enter on it) selects the team. Drawn with Leaflet directly,
 * one layer for all the teams, each marker changed only where its view changed: a React marker
 * per team cost a console of 1,000 teams about a third of its first draw (decision 0090).
 */
export function TeamMarkers({ views, selectedId, onSelect }: TeamMarkersProps) {
  const map = useMap();
  const drawn = useRef(new Map<string, { marker: Marker; shown: string }>());
  const select = useRef(onSelect);
  const [layer] = useState(() => layerGroup());

  useEffect(() => {
    select.current = onSelect;
  }, [onSelect]);

  useEffect(() => {
    layer.addTo(map);
    return () => void layer.remove();
  }, [layer, map]);

  useEffect(() => {
    const gone = new Set(drawn.current.keys());
    for (const view of views) {
      const selected = view.gameId === selectedId;
      const shown = shownOf(view, selected);
      const zIndexOffset = zIndexOf(view, selected);
      const was = drawn.current.get(view.gameId);
      gone.delete(view.gameId);
      if (!was) {
        const icon = teamIcon(view, selected);
        const created = new FlatMarker([view.lat, view.lng], { icon, zIndexOffset });
        created.on('click', () => select.current(view.gameId));
        // Leaflet makes the marker a focusable button; Enter on it selects, as a click does.
        created.on('keydown', (event) => {
          if (event.originalEvent.key === 'Enter') {
            select.current(view.gameId);
          }
        });
        drawn.current.set(view.gameId, { marker: created, shown });
        layer.addLayer(created);
        continue;
      }
      const at = was.marker.getLatLng();
      if (at.lat !== view.lat || at.lng !== view.lng) was.marker.setLatLng([view.lat, view.lng]);
      if (was.shown !== shown) {
        was.marker.setIcon(teamIcon(view, selected));
        was.shown = shown;
      }
      if (was.marker.options.zIndexOffset !== zIndexOffset)
        was.marker.setZIndexOffset(zIndexOffset);
    }
    for (const gameId of gone) {
      layer.removeLayer(drawn.current.get(gameId)!.marker);
      drawn.current.delete(gameId);
    }
  }, [layer, views, selectedId]);

  return null;
}

/** A team's icon: the dot, with its label outside the icon's box. */
function teamIcon(view: TeamMarkerView, selected: boolean) {
  return divIcon({
    className: teamIconClassName(view, selected),
    html: teamIconLabel(view),
    iconSize: [DOT_PX, DOT_PX],
    iconAnchor: [DOT_PX / 2, DOT_PX / 2],
  });
}
