import type { LiveMapProps } from './live-map';

/** Stand-in for the Leaflet map in jsdom: shows what the map draws and fires its callbacks. */
export function LiveMapStub({
  label,
  pins,
  pinTitle,
  markers,
  trails,
  selectedId,
  view,
  onSelect,
}: LiveMapProps) {
  return (
    <div role="region" aria-label={label} data-testid="map">
      <p data-testid="pins">{pins.map((pin) => `${pin.number}:${pin.teams}`).join(',')}</p>
      <p data-testid="pin-titles">{pins.map(pinTitle).join('|')}</p>
      <ul data-testid="markers">
        {markers.map((marker) => (
          <li key={marker.gameId}>
            {[
              `${marker.name}@${marker.lat},${marker.lng}`,
              marker.age,
              ...(marker.isStale ? ['faded'] : []),
              ...(marker.isStuck ? ['stuck'] : []),
              ...(marker.gameId === selectedId ? ['selected'] : []),
            ].join(' ')}
            <button type="button" onClick={() => onSelect(marker.gameId)}>
              marker {marker.name}
            </button>
          </li>
        ))}
      </ul>
      <p data-testid="marker-titles">{markers.map((marker) => marker.title).join('|')}</p>
      <p data-testid="trails">
        {trails
          .map(({ gameId, line }) => `${gameId}:${line.map((p) => `${p.lat},${p.lng}`).join(' ')}`)
          .join('|')}
      </p>
      <p data-testid="view">
        {view?.kind === 'show' ? `show ${view.point.lat},${view.point.lng}` : ''}
      </p>
    </div>
  );
}
