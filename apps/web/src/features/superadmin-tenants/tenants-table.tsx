import type { TenantSummary } from '@tappa/contracts';
import { useId } from 'react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useDeleteTenant, useTenantList } from '../../api/platform-tenants';
import { QueryState } from '../../components/query-state';
import { errorText } from '../../lib/error-text';

/** Created dates are shown the Italian way (dd/mm/yyyy). */
const DATE_FORMAT = new Intl.DateTimeFormat('it-IT');

/** Props of `TenantsTable`. */
export interface TenantsTableProps {
  onEdit: (id: string) => void;
  /** Extra actions of a row, shown before Edit and Delete (composed by the page). */
  renderActions?: (tenant: TenantSummary) => ReactNode;
}

/** Every tenant (Name, Slug, Created date) with Edit and Delete; deleting asks for confirmation. */
export function TenantsTable({ onEdit, renderActions }: TenantsTableProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const tenants = useTenantList();
  const remove = useDeleteTenant();

  function handleDelete(tenant: TenantSummary) {
    if (!window.confirm(t('superadmin.confirmDeleteTenant', { name: tenant.name }))) return;
    remove.mutate(tenant.id);
  }

  return (
    <section className="panel" aria-labelledby={titleId}>
      <h2 id={titleId} className="panel__title">
        {t('superadmin.tenantsTitle')}
      </h2>
      {remove.error ? (
        <p role="alert" className="alert alert--error">
          {errorText(remove.error, t)}
        </p>
      ) : null}
      <QueryState query={tenants}>
        {(list) =>
          list.length === 0 ? (
            <p className="muted">{t('superadmin.noTenants')}</p>
          ) : (
            <div className="table-wrap">
              <table className="table">
                <thead>
                  <tr>
                    <th scope="col">{t('superadmin.columns.name')}</th>
                    <th scope="col">{t('superadmin.columns.slug')}</th>
                    <th scope="col">{t('superadmin.columns.created')}</th>
                    <th scope="col">{t('superadmin.columns.actions')}</th>
                  </tr>
                </thead>
                <tbody>
                  {list.map((tenant) => (
                    <tr key={tenant.id}>
                      <td>{tenant.name}</td>
                      <td>
                        <code>{tenant.slug}</code>
                      </td>
                      <td>
                        <time dateTime={tenant.created_at}>
                          {DATE_FORMAT.format(new Date(tenant.created_at))}
                        </time>
                      </td>
                      <td className="table__actions">
                        {renderActions?.(tenant)}
                        <button
                          type="button"
                          className="btn btn--small"
                          aria-label={t('superadmin.editTenantOf', { name: tenant.name })}
                          onClick={() => onEdit(tenant.id)}
                        >
                          {t('superadmin.edit')}
                        </button>
                        <button
                          type="button"
                          className="btn btn--small btn--danger"
                          aria-label={t('superadmin.deleteTenantOf', { name: tenant.name })}
                          disabled={remove.isPending && remove.variables === tenant.id}
                          onClick={() => handleDelete(tenant)}
                        >
                          {t('superadmin.delete')}
                        </button>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )
        }
      </QueryState>
    </section>
  );
}
