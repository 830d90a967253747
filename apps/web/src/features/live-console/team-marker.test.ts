import { describe, expect, it } from 'vitest';
import { teamIconClassName, teamIconLabel, type TeamMarkerView } from './team-marker';

const VIEW: TeamMarkerView = {
  gameId: 'g1',
  lat: 45.46,
  lng: 9.19,
  name: 'I Gufi',
  age: '2 min fa',
  title: 'I Gufi · Tappa 2 · Ponte · 2 min fa',
  isStale: false,
  isStuck: false,
  stuckLabel: 'Bloccata',
};

describe('team icons', () => {
  it('show the name, the age and the stuck badge, with the tooltip', () => {
    const label = teamIconLabel({ ...VIEW, isStuck: true });
    expect(label.textContent).toBe('I Gufi 2 min fa Bloccata');
    expect(label.title).toBe('I Gufi · Tappa 2 · Ponte · 2 min fa');
    expect(label.querySelector('.badge--danger')?.textContent).toBe('Bloccata');
    expect(teamIconLabel(VIEW).querySelector('.badge')).toBeNull();
  });

  it("never turn a team's name into markup", () => {
    const label = teamIconLabel({ ...VIEW, name: '<img src=x onerror=alert(1)>' });
    expect(label.querySelector('img')).toBeNull();
    expect(label.querySelector('strong')?.textContent).toBe('<img src=x onerror=alert(1)>');
  });

  it('fade a stale position, colour a stuck team and ring the selected one', () => {
    expect(teamIconClassName(VIEW, false)).toBe('live-map-team');
    expect(teamIconClassName({ ...VIEW, isStale: true, isStuck: true }, true)).toBe(
      'live-map-team live-map-team--stale live-map-team--stuck live-map-team--selected',
    );
  });
});
