import type { AccessCode } from '@tappa/contracts';
import { AdminTable } from '../../components/admin-table';
import { Icon } from '../../components/line-icon';
import { TenantTime } from '../../components/tenant-clock';
import { useTranslation } from '../../lib/i18n';
import { CopyCodeButton } from './copy-code-button';

/** Props of `AvailableCodesTable`. */
export interface AvailableCodesTableProps {
  codes: readonly AccessCode[];
  deletingId: string | null;
  onDelete: (code: AccessCode) => void;
  onCopyFailed: () => void;
}

/** The codes still to hand out: code, creation date, copy and delete. */
export function AvailableCodesTable({
  codes,
  deletingId,
  onDelete,
  onCopyFailed,
}: AvailableCodesTableProps) {
  const { t } = useTranslation();
  return (
    <section className="panel ac-section" aria-labelledby="ac-available">
      <h2 id="ac-available" className="panel__title">
        {t('accessCodesAdmin.available', { n: codes.length })}
      </h2>
      {codes.length === 0 ? (
        <p className="muted">{t('accessCodesAdmin.noAvailable')}</p>
      ) : (
        <AdminTable
          label={t('accessCodesAdmin.available', { n: codes.length })}
          className="ac-scroll"
          columns={[
            t('accessCodesAdmin.columns.code'),
            t('accessCodesAdmin.columns.createdAt'),
            t('accessCodesAdmin.columns.actions'),
          ]}
        >
          {codes.map((code) => (
            <tr key={code.id}>
              <td className="ac-code">{code.code}</td>
              <td>
                <TenantTime iso={code.created_at} style="dateTime" />
              </td>
              <td>
                <div className="table__actions">
                  <CopyCodeButton code={code.code} onFailed={onCopyFailed} />
                  <button
                    type="button"
                    className="btn btn--small btn--danger"
                    aria-label={t('accessCodesAdmin.delete', { code: code.code })}
                    title={t('accessCodesAdmin.delete', { code: code.code })}
                    disabled={deletingId === code.id}
                    onClick={() => onDelete(code)}
                  >
                    <Icon name="trash" size={16} />
                  </button>
                </div>
              </td>
            </tr>
          ))}
        </AdminTable>
      )}
    </section>
  );
}

/** The codes teams have used: code, when, which team, and when it was created. */
export function UsedCodesTable({ codes }: { codes: readonly AccessCode[] }) {
  const { t } = useTranslation();
  return (
    <section className="panel ac-section" aria-labelledby="ac-used">
      <h2 id="ac-used" className="panel__title">
        {t('accessCodesAdmin.used', { n: codes.length })}
      </h2>
      {codes.length === 0 ? (
        <p className="muted">{t('accessCodesAdmin.noUsed')}</p>
      ) : (
        <AdminTable
          label={t('accessCodesAdmin.used', { n: codes.length })}
          className="ac-scroll"
          columns={[
            t('accessCodesAdmin.columns.code'),
            t('accessCodesAdmin.columns.usedAt'),
            t('accessCodesAdmin.columns.team'),
            t('accessCodesAdmin.columns.createdAt'),
          ]}
        >
          {codes.map((code) => (
            <tr key={code.id}>
              <td className="ac-code">{code.code}</td>
              <td>{code.used_at ? <TenantTime iso={code.used_at} style="dateTime" /> : null}</td>
              <td>
                {code.used_by_team ?? ''}
                {code.used_by_email ? (
                  <span className="muted ac-email">{code.used_by_email}</span>
                ) : null}
              </td>
              <td>
                <TenantTime iso={code.created_at} style="dateTime" />
              </td>
            </tr>
          ))}
        </AdminTable>
      )}
    </section>
  );
}
