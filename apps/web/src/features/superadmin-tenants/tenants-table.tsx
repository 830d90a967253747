import type { TenantSummary } from '@tappa/contracts';
import { useId } from 'react';
import type { ReactNode } from 'react';
import { CreatedDate } from '../../components/created-date';
import { useDeleteTenant, useTenantList } from '../../api/platform-tenants';
import { AdminTable } from '../../components/admin-table';
import { QueryState } from '../../components/query-state';
import { errorText } from '../../lib/error-text';
import { useTranslation } from '../../lib/i18n';
import { dialogs } from '../../lib/dialogs';

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

  async function handleDelete(tenant: TenantSummary) {
    if (!(await dialogs.confirm(t('superadmin.confirmDeleteTenant', { name: tenant.name }))))
      return;
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
            <AdminTable
              label={t('superadmin.tenantsTitle')}
              columns={[
                t('superadmin.columns.name'),
                t('superadmin.columns.slug'),
                t('superadmin.columns.created'),
                t('superadmin.columns.actions'),
              ]}
            >
              {list.map((tenant) => (
                <tr key={tenant.id}>
                  <td>
                    {tenant.name}
                    {tenant.status === 'active' ? null : (
                      <span className="badge badge--danger sa-tenant-status">
                        {t(`superadmin.${tenant.status}`)}
                      </span>
                    )}
                  </td>
                  <td>
                    <code>{tenant.slug}</code>
                  </td>
                  <td>
                    <CreatedDate iso={tenant.created_at} />
                  </td>
                  <td>
                    <div className="table__actions">
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
                        onClick={() => void handleDelete(tenant)}
                      >
                        {t('superadmin.delete')}
                      </button>
                    </div>
                  </td>
                </tr>
              ))}
            </AdminTable>
          )
        }
      </QueryState>
    </section>
  );
}
