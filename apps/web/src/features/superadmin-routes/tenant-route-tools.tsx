import type { TenantSummary } from '@tappa/contracts';
import { useCallback, useEffect, useState } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { ImportRouteDialog } from './import-route-dialog';
import { useDailyReset } from './routes-api';
import { TenantRoutesDialog } from './tenant-routes-dialog';
import './superadmin-routes.css';

/** How long a success message stays (doc 1 §9: saved messages stay 3 seconds). */
export const ROUTE_NOTICE_MS = 3000;

/** Props of `TenantRouteTools`. */
export interface TenantRouteToolsProps {
  tenant: Pick<TenantSummary, 'slug' | 'name'>;
}

/** A message of the tools; a new object each time so a repeated one restarts its timer. */
interface Notice {
  kind: 'success' | 'error';
  text: string;
}

/**
 * The superadmin's route actions of one tenant row: 'Reset daily scoreboard' (after a
 * confirmation), 'Manage routes' (list with JSON edit and export) and 'Import route'.
 */
export function TenantRouteTools({ tenant }: TenantRouteToolsProps) {
  const { t } = useTranslation();
  const [dialog, setDialog] = useState<'routes' | 'import' | null>(null);
  const [notice, setNotice] = useState<Notice | null>(null);
  const reset = useDailyReset(tenant.slug);
  const close = useCallback(() => setDialog(null), []);

  useEffect(() => {
    if (notice?.kind !== 'success') return;
    const timer = setTimeout(() => setNotice(null), ROUTE_NOTICE_MS);
    return () => clearTimeout(timer);
  }, [notice]);

  function handleReset() {
    if (!window.confirm(t('superadminRoutes.confirmReset', { name: tenant.name }))) return;
    setNotice(null);
    reset.mutate(undefined, {
      onSuccess: ({ entries_affected }) =>
        setNotice({
          kind: 'success',
          text: t('superadmin.dailyResetDone', { n: entries_affected }),
        }),
      onError: () => setNotice({ kind: 'error', text: t('superadmin.dailyResetFailed') }),
    });
  }

  return (
    <>
      <button
        type="button"
        className="sr-btn sr-btn--small"
        aria-label={t('superadminRoutes.resetDailyOf', { name: tenant.name })}
        disabled={reset.isPending}
        onClick={handleReset}
      >
        {t('superadminRoutes.resetDaily')}
      </button>
      <button
        type="button"
        className="sr-btn sr-btn--small"
        aria-label={t('superadminRoutes.manageRoutesOf', { name: tenant.name })}
        onClick={() => setDialog('routes')}
      >
        {t('superadminRoutes.manageRoutes')}
      </button>
      <button
        type="button"
        className="sr-btn sr-btn--small"
        aria-label={t('superadminRoutes.importRouteOf', { name: tenant.name })}
        onClick={() => setDialog('import')}
      >
        {t('superadminRoutes.importRoute')}
      </button>
      {dialog === 'routes' ? <TenantRoutesDialog tenant={tenant} onClose={close} /> : null}
      {dialog === 'import' ? (
        <ImportRouteDialog
          tenant={tenant}
          onClose={close}
          onImported={(created) => {
            setDialog(null);
            setNotice({
              kind: 'success',
              text: created ? t('routes.importedIt') : t('routes.updatedIt'),
            });
          }}
        />
      ) : null}
      {notice
        ? createPortal(
            <div className="sr-live">
              <p
                role={notice.kind === 'error' ? 'alert' : 'status'}
                className={`sr-banner sr-banner--${notice.kind}`}
              >
                <span>{notice.text}</span>
                <button
                  type="button"
                  className="sr-banner__close"
                  aria-label={t('superadminRoutes.dismiss')}
                  onClick={() => setNotice(null)}
                >
                  ×
                </button>
              </p>
            </div>,
            document.body,
          )
        : null}
    </>
  );
}
