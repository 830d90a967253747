import type { PublicTenant, RankingRow } from '@tappa/contracts';
import type { CSSProperties } from 'react';
import { useId } from 'react';
import { FooterLogo } from '../../components/platform-logo';
import { useTranslation } from '../../lib/i18n';
import { LiveIndicator } from './live-indicator';
import { RankingTable } from './ranking-table';
import type { RankingColumn } from './ranking-table';
import { TopThreeList } from './top-three-list';
import { FrozenNotice } from './frozen-notice';
import { useLiveRankings } from './use-live-rankings';
import { playerLogoUrl } from '../../lib/player-logo';
import './big-screen.css';

/** Up to this many rows the ranking is one table; beyond, two side by side. */
const SINGLE_TABLE_ROWS = 10;
/** The row height is never taller than this many rows sharing the board. */
const MIN_ROWS = 6;

/** The ranking in one table, or halved into two (1–10 and 11–20) when it is long. */
function splitRows(rows: readonly RankingRow[]): (readonly RankingRow[])[] {
  if (rows.length <= SINGLE_TABLE_ROWS) return [rows];
  const half = Math.ceil(rows.length / 2);
  return [rows.slice(0, half), rows.slice(half)];
}

/** Props of `BigScreen`. */
export interface BigScreenProps {
  tenant: PublicTenant;
  /** The route shown, null for all the tenant's routes. */
  routeSlug: string | null;
}

/**
 * The scoreboard for a projector at the event: the tenant large, the live overall ranking and
 * today's top 3, sized to fill the screen without scrolling. Read-only: no buttons.
 */
export function BigScreen({ tenant, routeSlug }: BigScreenProps) {
  const { t } = useTranslation();
  const overallId = useId();
  const topId = useId();
  const { rankings, isPending, isLive } = useLiveRankings(tenant.slug, routeSlug);
  const overall = rankings?.overall ?? [];
  const routeTitle = routeSlug ? (rankings?.route?.title ?? '') : t('scoreboard.allRoutes');
  const parts = splitRows(overall);
  // The rows share the board's height: fewer teams, larger type (down to MIN_ROWS rows' worth).
  const boardStyle: CSSProperties & Record<'--rows' | '--tables', number> = {
    '--rows': Math.max(parts[0]?.length ?? 0, MIN_ROWS),
    '--tables': parts.length,
  };
  // Short headers: the room goes to the team names.
  const columns: RankingColumn[] = [
    { key: 'position', label: t('scoreboard.screenColumns.position') },
    { key: 'team', label: t('scoreboard.columns.team') },
    { key: 'score', label: t('scoreboard.screenColumns.score') },
    { key: 'progress', label: t('scoreboard.screenColumns.progress') },
  ];

  const logo = playerLogoUrl(tenant);
  return (
    <div className="big-screen">
      <header className="big-screen__header">
        {logo && (
          <img
            className="big-screen__logo"
            src={logo}
            alt={t('player.tenantLogo', { tenant: tenant.name })}
          />
        )}
        <div className="big-screen__titles">
          <h1 className="big-screen__tenant">{tenant.name}</h1>
          <p className="big-screen__route">{routeTitle}</p>
          <FrozenNotice rankings={rankings} className="big-screen__frozen" />
        </div>
        <LiveIndicator isLive={isLive} className="big-screen__live" />
      </header>
      <div className="big-screen__body">
        <section className="big-screen__board" aria-labelledby={overallId} style={boardStyle}>
          <h2 id={overallId} className="big-screen__heading">
            {t('scoreboard.overall')}
          </h2>
          {!isPending && (
            <div className="big-screen__tables">
              {parts.map((rows, index) => (
                <RankingTable
                  key={index}
                  variant="screen"
                  rows={rows}
                  columns={columns}
                  labelledBy={overallId}
                  emptyText={t('scoreboard.overallEmpty')}
                />
              ))}
            </div>
          )}
        </section>
        <section className="big-screen__top" aria-labelledby={topId}>
          <h2 id={topId} className="big-screen__heading">
            {t('scoreboard.bigScreenTop3')}
          </h2>
          {!isPending && (
            <TopThreeList
              variant="screen"
              rows={rankings?.today ?? []}
              emptyText={t('scoreboard.todayEmpty')}
            />
          )}
        </section>
      </div>
      <footer className="big-screen__footer">
        <span>{t('common.poweredBy')}</span>
        <FooterLogo />
      </footer>
    </div>
  );
}
