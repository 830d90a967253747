import type { LiveTeam, LiveTeamStatus } from '@tappa/contracts';
import { FIX_FRESH_MS } from '@tappa/domain';
import { describe, expect, it } from 'vitest';
import { LAGO, LIVE_NOW, teamOf } from '../../test/kits/live';
import { stepPinsOf, teamMarkersOf, teamsWithoutPosition, trailLine } from './live-map-model';

const NOW_MS = Date.parse(LIVE_NOW);

/** A fix at (lat, lng) taken `msBefore` LIVE_NOW. */
const fixAt = (lat: number, lng: number, msBefore: number) => ({
  lat,
  lng,
  accuracy_m: 8,
  at: new Date(NOW_MS - msBefore).toISOString(),
});

/** The teams' own badges, as the server sent them. */
const own = (team: LiveTeam): LiveTeamStatus[] => team.statuses;

const STEPS = [
  { place: 'Fontana', lat: 45.1, lng: 9.1 },
  { place: 'Ponte', lat: 45.2, lng: 9.2 },
  { place: 'Torre', lat: 45.3, lng: 9.3 },
];

describe('stepPinsOf', () => {
  it('counts on each step the unfinished teams at it or heading to it', () => {
    const teams = [
      teamOf({ current_step_index: 1 }),
      teamOf({ current_step_index: 1 }),
      teamOf({ current_step_index: 2, statuses: ['paused'] }),
      // Finished on its last step: no longer heading anywhere.
      teamOf({ current_step_index: 2, statuses: ['finished'] }),
      teamOf({ current_step_index: 3, statuses: ['finished'] }),
    ];
    expect(stepPinsOf(STEPS, teams).map((pin) => [pin.number, pin.place, pin.teams])).toEqual([
      [1, 'Fontana', 0],
      [2, 'Ponte', 2],
      [3, 'Torre', 1],
    ]);
  });
});

describe('teamMarkersOf', () => {
  it.each([
    ['a fresh fix', 0, false],
    ['a fix just at the freshness limit', FIX_FRESH_MS, false],
    ['a fix past it', FIX_FRESH_MS + 1, true],
  ])('draws %s faded: %s', (_, msBefore, isStale) => {
    const team = teamOf({ location_sharing: 'shared', fix: fixAt(45, 9, msBefore) });
    expect(teamMarkersOf([team], own, NOW_MS)).toMatchObject([{ lat: 45, lng: 9, isStale }]);
  });

  it('leaves out the teams without a fix and puts the stuck ones first', () => {
    const teams = [
      teamOf({ game_id: 'a', team_name: 'Aquile', fix: fixAt(45, 9, 0) }),
      teamOf({ game_id: 'b', team_name: 'Bisonti', fix: null }),
      teamOf({
        game_id: 'z',
        team_name: 'Zebre',
        fix: fixAt(45, 9, 0),
        statuses: ['playing', 'stuck'],
      }),
    ];
    expect(
      teamMarkersOf(teams, own, NOW_MS).map((marker) => [marker.team.game_id, marker.isStuck]),
    ).toEqual([
      ['z', true],
      ['a', false],
    ]);
  });
});

describe('teamsWithoutPosition', () => {
  it('says why each team has no marker', () => {
    const other = { ...LAGO, id: 'other-route' };
    const teams = [
      teamOf({ game_id: 'd', team_name: 'D', location_sharing: 'declined' }),
      teamOf({ game_id: 's', team_name: 'S', location_sharing: 'suspended' }),
      teamOf({ game_id: 'y', team_name: 'Y', location_sharing: 'shared', fix: null }),
      teamOf({ game_id: 'w', team_name: 'W', location_sharing: null }),
      teamOf({ game_id: 'n', team_name: 'N', location_sharing: null, route: other }),
      teamOf({ game_id: 'f', team_name: 'F', location_sharing: 'shared', fix: fixAt(45, 9, 0) }),
    ];
    const asks = (routeId: string) => routeId === LAGO.id;
    expect(
      teamsWithoutPosition(teams, own, asks).map((entry) => [entry.team.game_id, entry.reason]),
    ).toEqual([
      ['d', 'declined'],
      ['n', 'notAsked'],
      ['s', 'suspended'],
      ['w', 'notAnswered'],
      ['y', 'noFixYet'],
    ]);
  });
});

describe('trailLine', () => {
  const read = [fixAt(45, 9, 120_000), fixAt(45.001, 9.001, 60_000)];

  it('adds the pushed position when it is newer than the trail read', () => {
    expect(trailLine(read, fixAt(45.002, 9.002, 0))).toEqual([
      { lat: 45, lng: 9 },
      { lat: 45.001, lng: 9.001 },
      { lat: 45.002, lng: 9.002 },
    ]);
  });

  it('keeps the trail as read when the pushed position is already its last, or there is none', () => {
    expect(trailLine(read, read[1]!)).toHaveLength(2);
    expect(trailLine(read, null)).toHaveLength(2);
    expect(trailLine([], fixAt(45, 9, 0))).toEqual([{ lat: 45, lng: 9 }]);
  });
});
