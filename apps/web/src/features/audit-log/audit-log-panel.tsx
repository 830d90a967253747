import type { AuditEntry } from '@tappa/contracts';
import { useId } from 'react';
import { useAuditLog } from '../../api/audit-log';
import { AdminTable } from '../../components/admin-table';
import { QueryState } from '../../components/query-state';
import { TenantTime } from '../../components/tenant-clock';
import { errorText } from '../../lib/error-text';
import '../../components/admin-ui.css';
import { useTranslation } from '../../lib/i18n';
import './audit-log.css';

/** An entry's details as one line: `fields: city, logo_url · role: game_manager`. */
function detailsText(details: AuditEntry['details']): string {
  if (!details) return '';
  return Object.entries(details)
    .map(([key, value]) => `${key}: ${Array.isArray(value) ? value.join(', ') : String(value)}`)
    .join(' · ');
}

/**
 * The platform's audit log (issue 13, item 6): who changed what, when (to the second, on the
 * platform's clock: the default tenant zone, decision 0067) and from which address (under the
 * actor), newest first; 'Older entries' loads the next page.
 */
export function AuditLogPanel() {
  const { t } = useTranslation();
  const titleId = useId();
  const log = useAuditLog();
  return (
    <section className="panel" aria-labelledby={titleId}>
      <h2 id={titleId} className="panel__title">
        {t('auditLog.title')}
      </h2>
      <QueryState query={log}>
        {({ pages }) => {
          const entries = pages.flatMap((page) => page.entries);
          if (entries.length === 0) return <p className="muted">{t('auditLog.empty')}</p>;
          return (
            <>
              <AdminTable
                label={t('auditLog.title')}
                columns={[
                  t('auditLog.columns.when'),
                  t('auditLog.columns.who'),
                  t('auditLog.columns.action'),
                  t('auditLog.columns.target'),
                  t('auditLog.columns.details'),
                ]}
              >
                {entries.map((entry) => (
                  <tr key={entry.id}>
                    <td>
                      <TenantTime iso={entry.at} style="dateTimeSeconds" />
                    </td>
                    <td>
                      {entry.actor_email}
                      {entry.ip ? <span className="audit-log__address">{entry.ip}</span> : null}
                    </td>
                    <td>{t(`auditLog.actions.${entry.action}`)}</td>
                    <td>{entry.target_label ?? entry.target_id}</td>
                    <td>{detailsText(entry.details)}</td>
                  </tr>
                ))}
              </AdminTable>
              {log.isFetchNextPageError ? (
                <p role="alert" className="alert alert--error">
                  {errorText(log.error, t)}
                </p>
              ) : null}
              {log.hasNextPage ? (
                <button
                  type="button"
                  className="btn"
                  disabled={log.isFetchingNextPage}
                  onClick={() => void log.fetchNextPage()}
                >
                  {t('auditLog.older')}
                </button>
              ) : null}
            </>
          );
        }}
      </QueryState>
    </section>
  );
}
