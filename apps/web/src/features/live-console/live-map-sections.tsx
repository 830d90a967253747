import { useId } from 'react';
import { useTranslation } from '../../lib/i18n';
import type { NoPositionReason, StepPin, TeamWithoutPosition } from './live-map-model';
import { StatusBadges } from './status-badges';

// The map's lists besides its teams: those it cannot show, and the chosen route's steps.

/** The reasons in the order the list groups them: the organiser's likeliest question first. */
const REASON_ORDER: readonly NoPositionReason[] = [
  'noFixYet',
  'suspended',
  'declined',
  'notAnswered',
  'notAsked',
];

/** A group of teams opens by itself when it is this short; a longer one opens on demand. */
const GROUP_OPEN_MAX = 10;

/** The teams the map cannot show, grouped by why, stuck ones marked. */
export function WithoutList({ without }: { without: readonly TeamWithoutPosition[] }) {
  const { t } = useTranslation(undefined, { keyPrefix: 'liveConsole.map' });
  const headingId = useId();
  const groups = REASON_ORDER.map((reason) => ({
    reason,
    teams: without.filter((entry) => entry.reason === reason),
  })).filter((group) => group.teams.length > 0);
  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId} className="live-map__heading">
        {t('withoutPosition', { count: without.length })}
      </h2>
      {groups.map(({ reason, teams }) => (
        <details key={reason} className="live-map__group" open={teams.length <= GROUP_OPEN_MAX}>
          <summary>
            {t(`reasons.${reason}`)} ({teams.length})
          </summary>
          <ul className="live-map__list live-map__list--plain">
            {teams.map(({ team, statuses }) => (
              <li key={team.game_id} className="live-map__plain">
                <span>{team.team_name}</span>
                {statuses.includes('stuck') ? <StatusBadges statuses={['stuck']} /> : null}
              </li>
            ))}
          </ul>
        </details>
      ))}
    </section>
  );
}

/** The chosen route's steps, each with the teams at it or heading to it. */
export function StepList({ pins }: { pins: readonly StepPin[] }) {
  const { t } = useTranslation(undefined, { keyPrefix: 'liveConsole.map' });
  const headingId = useId();
  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId} className="live-map__heading">
        {t('steps')}
      </h2>
      <ol className="live-map__list live-map__list--plain">
        {pins.map((pin) => (
          <li key={pin.index} className="live-map__plain">
            <span>
              {pin.number}. {pin.place}
            </span>
            <span className={pin.teams > 0 ? 'badge badge--accent' : 'muted'}>
              {t('stepTeams', { count: pin.teams })}
            </span>
          </li>
        ))}
      </ol>
    </section>
  );
}
