import { fireEvent, render } from '@testing-library/react';
import { MapContainer } from 'react-leaflet';
import { describe, expect, it, vi } from 'vitest';
import { TeamMarkers, type TeamMarkerView } from './team-marker';

const GUFI: TeamMarkerView = {
  gameId: 'g1',
  lat: 45.46,
  lng: 9.19,
  name: 'I Gufi',
  age: 'adesso',
  title: 'I Gufi · Tappa 2 · Ponte · adesso',
  isStale: false,
  isStuck: false,
  stuckLabel: 'Bloccata',
};
const ORSI: TeamMarkerView = { ...GUFI, gameId: 'g2', name: 'Gli Orsi', lat: 45.47 };

/** Real Leaflet in the test's document: the markers as the map's pane holds them. */
function drawMap(views: TeamMarkerView[], selectedId: string | null = null) {
  const onSelect = vi.fn();
  const ui = (shown: TeamMarkerView[], selected: string | null) => (
    <MapContainer center={[45.46, 9.19]} zoom={15}>
      <TeamMarkers views={shown} selectedId={selected} onSelect={onSelect} />
    </MapContainer>
  );
  const { container, rerender } = render(ui(views, selectedId));
  const icons = () => [...container.querySelectorAll<HTMLElement>('.live-map-team')];
  const iconOf = (name: string) => icons().find((icon) => icon.textContent?.startsWith(name));
  return {
    onSelect,
    icons,
    iconOf,
    redraw: (shown: TeamMarkerView[], selected: string | null = null) =>
      rerender(ui(shown, selected)),
  };
}

describe('TeamMarkers', () => {
  it('draws every team once, and changes only what a new view changes', () => {
    const map = drawMap([GUFI, ORSI]);
    expect(map.icons().map((icon) => icon.textContent)).toEqual([
      'I Gufi adesso',
      'Gli Orsi adesso',
    ]);
    const gufi = map.iconOf('I Gufi')!;
    const placed = gufi.getAttribute('style');

    // I Gufi moved: the same element, somewhere else. Gli Orsi aged: its icon says so.
    map.redraw([
      { ...GUFI, lat: 45.461 },
      { ...ORSI, age: '3 min fa', isStale: true },
    ]);
    expect(map.iconOf('I Gufi')).toBe(gufi);
    expect(gufi.getAttribute('style')).not.toBe(placed);
    // Placed in 2D: a 3D transform would make each of a thousand markers a layer of its own.
    expect(gufi.style.transform).toMatch(/^translate\(-?\d+px, ?-?\d+px\)$/);
    expect(map.iconOf('Gli Orsi')!.style.transform).not.toBe(gufi.style.transform);
    expect(map.iconOf('Gli Orsi')?.textContent).toBe('Gli Orsi 3 min fa');
    expect(map.iconOf('Gli Orsi')?.classList.contains('live-map-team--stale')).toBe(true);
    expect(map.icons()).toHaveLength(2);

    // A team that left the map leaves no marker behind.
    map.redraw([{ ...GUFI, lat: 45.461 }]);
    expect(map.icons()).toHaveLength(1);
  });

  it('selects a team by a click or Enter on its marker, rings it and draws it above the rest', () => {
    const map = drawMap([GUFI, { ...ORSI, isStuck: true }]);
    fireEvent.click(map.iconOf('Gli Orsi')!);
    expect(map.onSelect).toHaveBeenLastCalledWith('g2');
    fireEvent.keyDown(map.iconOf('I Gufi')!, { key: 'Enter' });
    expect(map.onSelect).toHaveBeenLastCalledWith('g1');

    const stuck = Number(map.iconOf('Gli Orsi')!.style.zIndex);
    map.redraw([GUFI, { ...ORSI, isStuck: true }], 'g1');
    const selected = map.iconOf('I Gufi')!;
    expect(selected.classList.contains('live-map-team--selected')).toBe(true);
    expect(Number(selected.style.zIndex)).toBeGreaterThan(stuck);
    expect(map.iconOf('Gli Orsi')?.querySelector('.badge--danger')?.textContent).toBe('Bloccata');
  });
});
