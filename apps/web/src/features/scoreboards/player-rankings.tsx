import type { RankingRow, Rankings } from '@tappa/contracts';
import { useId } from 'react';
import { FrozenNotice } from './frozen-notice';
import { useTranslation } from '../../lib/i18n';
import { RankingTable } from './ranking-table';

/** Props of `PlayerRankings`. */
export interface PlayerRankingsProps {
  rankings: Rankings | undefined;
  /** The ranking row of the viewer's team, highlighted in both tables. */
  highlightId?: string | null;
}

/** 'Classifica di Oggi' and 'Classifica Generale' as the end-of-game page shows them. */
export function PlayerRankings({ rankings, highlightId }: PlayerRankingsProps) {
  const { t } = useTranslation();
  return (
    <>
      <FrozenNotice rankings={rankings} />
      <RankingCard
        title={t('scoreboard.today')}
        emptyText={t('scoreboard.todayEmpty')}
        rows={rankings?.today ?? []}
        highlightId={highlightId}
      />
      <RankingCard
        title={t('scoreboard.overall')}
        emptyText={t('scoreboard.overallEmpty')}
        rows={rankings?.overall ?? []}
        highlightId={highlightId}
      />
    </>
  );
}

/** Props of `RankingCard`. */
interface RankingCardProps {
  title: string;
  emptyText: string;
  rows: readonly RankingRow[];
  highlightId: string | null | undefined;
}

/** One ranking in a player card, with the columns Posizione, Team, Punteggio, Progresso. */
function RankingCard({ title, emptyText, rows, highlightId }: RankingCardProps) {
  const { t } = useTranslation();
  const headingId = useId();
  return (
    <section className="player-card ranking-card" aria-labelledby={headingId}>
      <h2 id={headingId} className="player-subtitle">
        {title}
      </h2>
      <RankingTable
        rows={rows}
        columns={[
          { key: 'position', label: t('scoreboard.columns.position') },
          { key: 'team', label: t('scoreboard.columns.team') },
          { key: 'score', label: t('scoreboard.columns.score') },
          { key: 'progress', label: t('scoreboard.columns.progress') },
        ]}
        labelledBy={headingId}
        emptyText={emptyText}
        highlightId={highlightId}
      />
    </section>
  );
}
