import type { LiveTeamStatus } from '@tappa/contracts';
import { useTranslation } from '../../lib/i18n';

const STATUS_BADGE: Record<LiveTeamStatus, string> = {
  playing: 'badge badge--success',
  paused: 'badge',
  finished: 'badge',
  stale: 'badge badge--warning',
  stuck: 'badge badge--danger',
};

/** A team's badges on the console ('In gioco', 'Silente', 'Bloccata' …), in the table and the map. */
export function StatusBadges({ statuses }: { statuses: readonly LiveTeamStatus[] }) {
  const { t } = useTranslation(undefined, { keyPrefix: 'liveConsole' });
  return (
    <span className="live-console__badges">
      {statuses.map((status) => (
        <span key={status} className={STATUS_BADGE[status]}>
          {t(`statuses.${status}`)}
        </span>
      ))}
    </span>
  );
}
