import type { LiveFix, LiveTeam, LiveTeamStatus } from '@tappa/contracts';
import { isFixStale } from '@tappa/domain';
import type { LatLng } from '../../components/map/map-geometry';
import { NAME_ORDER } from './live-status';

// What the console's 'Mappa' shows (issue 37, decision 0086), computed without Leaflet so that the
// map, its accessible list and the tests read the same values.

/** A step of the chosen route on the map, with the teams at it or heading to it. */
export interface StepPin extends LatLng {
  /** Its 0-based index in the route, as a game's `current_step_index` counts. */
  index: number;
  /** Its 1-based number, on the pin. */
  number: number;
  place: string;
  /** Teams whose current step it is, their game not finished. */
  teams: number;
}

/** A team with a position: where its phone last was, and how the map should draw it. */
export interface TeamMarker extends LatLng {
  team: LiveTeam;
  statuses: LiveTeamStatus[];
  fix: LiveFix;
  /** Older than FIX_FRESH_MS at the time given: drawn faded. */
  isStale: boolean;
  isStuck: boolean;
}

/** Why a team has no marker: what its answer to the route's question was, if it was asked. */
export type NoPositionReason = 'declined' | 'suspended' | 'noFixYet' | 'notAnswered' | 'notAsked';

/** A team without a marker, and why. */
export interface TeamWithoutPosition {
  team: LiveTeam;
  statuses: LiveTeamStatus[];
  reason: NoPositionReason;
}

/** The steps of the chosen route as pins, each counting the unfinished teams on it. */
export function stepPinsOf(
  steps: readonly { place: string; lat: number; lng: number }[],
  teams: readonly Pick<LiveTeam, 'current_step_index' | 'statuses'>[],
): StepPin[] {
  const counts = new Map<number, number>();
  for (const team of teams) {
    if (team.statuses.includes('finished')) continue;
    counts.set(team.current_step_index, (counts.get(team.current_step_index) ?? 0) + 1);
  }
  return steps.map((step, index) => ({
    index,
    number: index + 1,
    place: step.place,
    lat: step.lat,
    lng: step.lng,
    teams: counts.get(index) ?? 0,
  }));
}

/** The order of the map's teams: the stuck ones first (they need the organiser), then by name. */
function byAttention(
  a: { team: LiveTeam; statuses: LiveTeamStatus[] },
  b: { team: LiveTeam; statuses: LiveTeamStatus[] },
): number {
  const stuck = Number(b.statuses.includes('stuck')) - Number(a.statuses.includes('stuck'));
  return stuck !== 0 ? stuck : NAME_ORDER.compare(a.team.team_name, b.team.team_name);
}

/** What the map needs to know of each team at `nowMs`: its badges (computed by the console). */
export type StatusesOf = (team: LiveTeam) => LiveTeamStatus[];

/** The teams with a position at `nowMs`, stuck ones first, each faded once its fix is stale. */
export function teamMarkersOf(
  teams: readonly LiveTeam[],
  statusesOf: StatusesOf,
  nowMs: number,
): TeamMarker[] {
  return teams
    .flatMap((team) => {
      const { fix } = team;
      if (fix === null) return [];
      const statuses = statusesOf(team);
      return [
        {
          team,
          statuses,
          fix,
          lat: fix.lat,
          lng: fix.lng,
          isStale: isFixStale(Date.parse(fix.at), nowMs),
          isStuck: statuses.includes('stuck'),
        },
      ];
    })
    .sort(byAttention);
}

/**
 * The teams without a position and why: they declined or suspended sharing, share but sent no
 * fix yet, were asked but have not answered, or play a route that does not ask (`routeAsks`).
 */
export function teamsWithoutPosition(
  teams: readonly LiveTeam[],
  statusesOf: StatusesOf,
  routeAsks: (routeId: string) => boolean,
): TeamWithoutPosition[] {
  return teams
    .flatMap((team) => {
      if (team.fix !== null) return [];
      return [{ team, statuses: statusesOf(team), reason: reasonOf(team, routeAsks) }];
    })
    .sort(byAttention);
}

function reasonOf(team: LiveTeam, routeAsks: (routeId: string) => boolean): NoPositionReason {
  switch (team.location_sharing) {
    case 'declined':
      return 'declined';
    case 'suspended':
      return 'suspended';
    case 'shared':
      return 'noFixYet';
    case null:
      return routeAsks(team.route.id) ? 'notAnswered' : 'notAsked';
  }
}

/**
 * A team's trail on the map: its positions of the last hour as read, then its pushed position
 * when that is newer than the last of them (the trail grows with the pushes, read once).
 */
export function trailLine(fixes: readonly LiveFix[], current: LiveFix | null): LatLng[] {
  const line = fixes.map(({ lat, lng }) => ({ lat, lng }));
  const last = fixes.at(-1);
  if (current && (!last || Date.parse(current.at) > Date.parse(last.at))) {
    line.push({ lat: current.lat, lng: current.lng });
  }
  return line;
}
