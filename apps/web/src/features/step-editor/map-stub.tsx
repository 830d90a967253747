import type { MapViewRequest } from '../../components/map/map-view';
import type { StepMapProps } from './step-map';

/** The map's last requested move as text: `centre 41.9,12.5`, `show …` or `fit s,w n,e`. */
function viewText(view: MapViewRequest): string {
  switch (view.kind) {
    case 'centre':
    case 'show':
      return `${view.kind} ${view.point.lat},${view.point.lng}`;
    case 'fit':
      return `fit ${view.bounds[0].join(',')} ${view.bounds[1].join(',')}`;
  }
}

/** Stand-in for the Leaflet map in jsdom: shows the pins and fires the map's callbacks. */
export function MapStub({ pins, view, pinTitle, onMapClick, onPinMove }: StepMapProps) {
  return (
    <div data-testid="map">
      <p data-testid="pins">
        {pins.map((pin) => `${pin.number}${pin.selected ? '*' : ''}`).join(',')}
      </p>
      <p data-testid="pin-titles">{pins.map(pinTitle).join('|')}</p>
      <p data-testid="view">{view ? viewText(view) : ''}</p>
      <button type="button" onClick={() => onMapClick({ lat: 41.95, lng: 12.45 })}>
        map click
      </button>
      <button type="button" onClick={() => onPinMove(0, { lat: 41.7, lng: 12.3 })}>
        drag pin 1
      </button>
    </div>
  );
}
