import type { TeamGameHint } from '@tappa/contracts';
import { AdminTable } from '../../components/admin-table';
import { hintNumber } from '../../lib/hint-number';
import { useTranslation } from '../../lib/i18n';
import { signedPoints } from '../../lib/signed-points';
import { PlayerTime } from './player-time';

/**
 * The hints a game took (decision 0085), oldest first: each one's step, number, what it cost and
 * when; a hint staff gave free says so. Nothing when the game took none.
 */
export function GameHintsTable({ hints }: { hints: readonly TeamGameHint[] }) {
  const { t } = useTranslation(undefined, { keyPrefix: 'tenantArea.teamDetail' });
  if (hints.length === 0) return null;
  const columns = [
    t('hintColumns.place'),
    t('hintColumns.hint'),
    t('hintColumns.points'),
    t('hintColumns.time'),
  ];
  return (
    <div className="team-detail__hints">
      <h5 className="team-detail__hints-title">{t('hintsTitle')}</h5>
      <AdminTable label={t('hintsTitle')} columns={columns}>
        {hints.map((hint) => (
          <tr key={`${hint.step_id}:${hint.hint_index}`}>
            <td>{hint.place}</td>
            <td>{t('hintN', { n: hintNumber(hint.hint_index) })}</td>
            <td>
              {signedPoints(-hint.cost)}
              {hint.given_by_staff ? <span className="muted"> · {t('hintFree')}</span> : null}
            </td>
            <td>
              <PlayerTime iso={hint.taken_at} />
            </td>
          </tr>
        ))}
      </AdminTable>
    </div>
  );
}
