import type { RouteSummary, TenantSummary } from '@tappa/contracts';
import { useState } from 'react';
import { fetchRouteExport, useRouteList } from '../../api/routes';
import { Modal } from '../../components/modal';
import { QueryState } from '../../components/query-state';
import { saveJson } from '../../lib/download';
import { errorText } from '../../lib/error-text';
import { useTranslation } from '../../lib/i18n';
import { exportFileName } from './export-file-name';
import { RouteJsonEdit } from './route-json-edit';

/** Props of `TenantRoutesDialog`. */
export interface TenantRoutesDialogProps {
  tenant: Pick<TenantSummary, 'slug' | 'name'>;
  onClose: () => void;
}

/** 'Manage routes': the tenant's routes, each with 'Modifica JSON' and 'Export JSON'. */
export function TenantRoutesDialog({ tenant, onClose }: TenantRoutesDialogProps) {
  const { t } = useTranslation();
  const routes = useRouteList(tenant.slug);
  const [editing, setEditing] = useState<RouteSummary | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  async function exportRoute(route: RouteSummary) {
    setError(null);
    try {
      const exported = await fetchRouteExport(tenant.slug, route.id);
      saveJson(exported, exportFileName(exported, route.slug));
    } catch (failure) {
      setError(errorText(failure, t));
    }
  }

  const title = editing
    ? t('superadminRoutes.editJsonOf', { title: editing.title })
    : t('superadminRoutes.routesTitle', { name: tenant.name });

  return (
    <Modal title={title} closeLabel={t('superadminRoutes.close')} size="large" onClose={onClose}>
      {editing ? (
        <RouteJsonEdit
          tenantSlug={tenant.slug}
          route={editing}
          onCancel={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            setNotice(t('routes.updatedIt'));
          }}
        />
      ) : (
        <div className="sr-list">
          {notice ? (
            <p role="status" className="alert alert--success">
              {notice}
            </p>
          ) : null}
          {error ? (
            <p role="alert" className="alert alert--error">
              {error}
            </p>
          ) : null}
          <QueryState query={routes}>
            {(list) =>
              list.length === 0 ? (
                <p className="muted">{t('superadmin.noTenantRoutes')}</p>
              ) : (
                <ul className="sr-routes">
                  {list.map((route) => (
                    <li key={route.id} className="sr-route">
                      <div className="sr-route__text">
                        <span className="sr-route__title">{route.title}</span>
                        <span className="sr-route__meta">
                          <code>{route.slug}</code>
                          <span>{t('superadminRoutes.stepCount', { n: route.step_count })}</span>
                          {route.is_active ? null : (
                            <span className="badge badge--warning">
                              {t('superadminRoutes.disabled')}
                            </span>
                          )}
                        </span>
                      </div>
                      <div className="sr-route__actions">
                        <button
                          type="button"
                          className="btn btn--small"
                          aria-label={t('superadminRoutes.editJsonOf', { title: route.title })}
                          onClick={() => {
                            setNotice(null);
                            setEditing(route);
                          }}
                        >
                          {t('superadminRoutes.editJson')}
                        </button>
                        <button
                          type="button"
                          className="btn btn--small"
                          aria-label={t('superadminRoutes.exportJsonOf', { title: route.title })}
                          onClick={() => void exportRoute(route)}
                        >
                          {t('superadminRoutes.exportJson')}
                        </button>
                      </div>
                    </li>
                  ))}
                </ul>
              )
            }
          </QueryState>
        </div>
      )}
    </Modal>
  );
}
