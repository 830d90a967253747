import type { RankingRow } from '@tappa/contracts';
import { useId } from 'react';
import { Link } from '../../components/link';
import { Icon } from '../../components/line-icon';
import { useTranslation } from '../../lib/i18n';
import { TopThreeList } from './top-three-list';

/** Props of `TopTodayPanel`. */
export interface TopTodayPanelProps {
  slug: string;
  /** Today's ranking. */
  today: readonly RankingRow[];
}

/** The 'Top 3 Today' panel of the live scoreboard, with its exit button to the start screen. */
export function TopTodayPanel({ slug, today }: TopTodayPanelProps) {
  const { t } = useTranslation();
  const headingId = useId();
  return (
    <section className="panel live-board__top" aria-labelledby={headingId}>
      <div className="live-board__top-header">
        <h2 id={headingId} className="panel__title">
          {t('scoreboard.top3Today')}
        </h2>
        <Link
          className="btn btn--small live-board__exit"
          to={`/${encodeURIComponent(slug)}/start`}
          aria-label={t('scoreboard.exit')}
          title={t('scoreboard.exit')}
        >
          <Icon name="exit" size={20} />
        </Link>
      </div>
      <TopThreeList rows={today} emptyText={t('scoreboard.todayEmpty')} />
    </section>
  );
}
