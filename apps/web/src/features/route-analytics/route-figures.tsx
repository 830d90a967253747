import type { RouteAnalytics } from '@tappa/contracts';
import { formatElapsed } from '@tappa/domain';
import { useId } from 'react';
import { useTranslation } from '../../lib/i18n';

/**
 * The route's figures (issue 38): teams started and finished, the median total time, and the
 * scores' distribution as a compact table whose bars show each band's share of the teams.
 */
export function RouteFigures({ analytics }: { analytics: RouteAnalytics }) {
  const { t } = useTranslation(undefined, { keyPrefix: 'analytics' });
  const titleId = useId();
  const scoresId = useId();
  const most = Math.max(1, ...analytics.score_bands.map((band) => band.games));
  const figures = [
    { key: 'started', value: String(analytics.started) },
    { key: 'finished', value: String(analytics.finished) },
    {
      key: 'medianTotal',
      value:
        analytics.median_total_ms === null ? t('none') : formatElapsed(analytics.median_total_ms),
    },
  ] as const;
  return (
    <section className="panel ra-figures" aria-labelledby={titleId}>
      <h2 id={titleId} className="panel__title">
        {t('figures.title')}
      </h2>
      <dl className="ra-figures__list">
        {figures.map(({ key, value }) => (
          <div key={key} className="ra-figures__item">
            <dt>{t(`figures.${key}`)}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <h3 id={scoresId} className="ra-figures__subtitle">
        {t('figures.scores')}
      </h3>
      <table className="table ra-bands" aria-labelledby={scoresId}>
        <thead>
          <tr>
            <th scope="col">{t('figures.points')}</th>
            <th scope="col">{t('figures.teams')}</th>
          </tr>
        </thead>
        <tbody>
          {analytics.score_bands.map((band) => (
            <tr key={band.from}>
              <td>
                {band.from === band.to
                  ? band.from
                  : t('figures.band', { from: band.from, to: band.to })}
              </td>
              <td className="ra-bands__count">
                <span
                  className="ra-bands__bar"
                  data-bar="band"
                  aria-hidden="true"
                  style={{ width: `${(band.games / most) * 80}%` }}
                />
                <span className="ra-bands__value">{band.games}</span>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
