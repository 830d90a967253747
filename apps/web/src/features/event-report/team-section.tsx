import type { ReportTeam, Standing } from '@tappa/contracts';
import type { TFunction } from '../../lib/i18n';
import { signedPoints } from '../../lib/signed-points';
import { durationText } from './report-format';

/** Props of `TeamSection`: one team of the report, with what the page worked out once. */
export interface TeamSectionProps {
  standing: Standing;
  team: ReportTeam | undefined;
  /** The route's places by step number. */
  places: ReadonlyMap<number, string>;
  /** The team's place in words ('1º posto'). */
  place: string;
  t: TFunction;
}

/**
 * One team of the report: its place, score and time, its steps (outcome, tries, time, points)
 * and its ledger with the staff's reasons, an undone correction marked. Plain markup, no hooks:
 * a report draws a thousand of them at once.
 */
export function TeamSection({ standing, team, places, place, t }: TeamSectionProps) {
  const name = standing.team_name;
  const stepName = (n: number | null) => (n === null ? '–' : `${n}. ${places.get(n) ?? ''}`);
  return (
    <section className="report-team">
      <h3 className="report-team__name">
        {standing.rank}. {name}
      </h3>
      <p className="report-team__summary">
        {t('eventReport.team.summary', {
          place,
          score: standing.score,
          time: durationText(standing.total_ms),
        })}
      </p>
      <div className="report-team__tables">
        <table className="report-table report-table--team">
          <caption className="report-table__caption">
            {t('eventReport.team.steps', { team: name })}
          </caption>
          <thead>
            <tr>
              <th scope="col">{t('eventReport.team.step')}</th>
              <th scope="col">{t('eventReport.team.status')}</th>
              <th scope="col">{t('eventReport.team.tries')}</th>
              <th scope="col">{t('eventReport.team.time')}</th>
              <th scope="col">{t('eventReport.team.points')}</th>
            </tr>
          </thead>
          <tbody>
            {team?.steps.map((step) => (
              <tr key={step.number}>
                <th scope="row">{stepName(step.number)}</th>
                <td>{t(`eventReport.stepStatus.${step.status}`)}</td>
                <td>{step.tries}</td>
                <td>{durationText(step.time_ms)}</td>
                <td>{step.points}</td>
              </tr>
            ))}
          </tbody>
        </table>
        {team?.ledger.length ? (
          <table className="report-table report-table--ledger">
            <caption className="report-table__caption">
              {t('eventReport.team.ledger', { team: name })}
            </caption>
            <thead>
              <tr>
                <th scope="col">{t('eventReport.team.step')}</th>
                <th scope="col">{t('eventReport.team.entry')}</th>
                <th scope="col">{t('eventReport.team.points')}</th>
                <th scope="col">{t('eventReport.team.reason')}</th>
              </tr>
            </thead>
            <tbody>
              {team.ledger.map((entry) => (
                <tr key={entry.id} className={entry.undone ? 'report-undone' : undefined}>
                  <th scope="row">{stepName(entry.step)}</th>
                  <td>
                    {t(`scoreboard.ledger.kinds.${entry.kind}`)}
                    {entry.undone ? ` (${t('scoreboard.ledger.undone')})` : null}
                  </td>
                  <td>{signedPoints(entry.points)}</td>
                  <td>{entry.reason ?? ''}</td>
                </tr>
              ))}
            </tbody>
          </table>
        ) : (
          <p className="report-team__empty">{t('eventReport.team.noLedger')}</p>
        )}
      </div>
    </section>
  );
}
