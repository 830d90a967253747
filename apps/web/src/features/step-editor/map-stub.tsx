import type { StepMapProps } from './step-map';

/** Stand-in for the Leaflet map in jsdom: shows the pins and fires the map's callbacks. */
export function MapStub({ pins, onMapClick, onPinMove }: StepMapProps) {
  return (
    <div data-testid="map">
      <p data-testid="pins">
        {pins.map((pin) => `${pin.number}${pin.selected ? '*' : ''}`).join(',')}
      </p>
      <button type="button" onClick={() => onMapClick({ lat: 41.95, lng: 12.45 })}>
        map click
      </button>
      <button type="button" onClick={() => onPinMove(0, { lat: 41.7, lng: 12.3 })}>
        drag pin 1
      </button>
    </div>
  );
}
