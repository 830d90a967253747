import type { TenantSummary } from '@tappa/contracts';
import { useCallback, useState } from 'react';
import { useDailyReset } from '../../api/route-scoreboard';
import { Notice, useNotice } from '../../components/notice';
import { useTranslation } from '../../lib/i18n';
import { ImportRouteDialog } from './import-route-dialog';
import { TenantRoutesDialog } from './tenant-routes-dialog';
import '../../components/admin-ui.css';
import './superadmin-routes.css';
import { dialogs } from '../../lib/dialogs';

/** How long a success message stays (doc 1 §9: saved messages stay 3 seconds). */
export const ROUTE_NOTICE_MS = 3000;

/** Props of `TenantRouteTools`. */
export interface TenantRouteToolsProps {
  tenant: Pick<TenantSummary, 'slug' | 'name'>;
}

/**
 * The superadmin's route actions of one tenant row: 'Reset daily scoreboard' (after a
 * confirmation), 'Manage routes' (list with JSON edit and export) and 'Import route'.
 */
export function TenantRouteTools({ tenant }: TenantRouteToolsProps) {
  const { t } = useTranslation();
  const [dialog, setDialog] = useState<'routes' | 'import' | null>(null);
  const { notice, show, dismiss } = useNotice(ROUTE_NOTICE_MS);
  const reset = useDailyReset(tenant.slug);
  const close = useCallback(() => setDialog(null), []);

  async function handleReset() {
    if (!(await dialogs.confirm(t('superadminRoutes.confirmReset', { name: tenant.name })))) return;
    dismiss();
    reset.mutate(undefined, {
      onSuccess: ({ entries_affected }) =>
        show({
          kind: 'success',
          text: t('superadmin.dailyResetDone', { n: entries_affected }),
        }),
      onError: () => show({ kind: 'error', text: t('superadmin.dailyResetFailed') }),
    });
  }

  return (
    <>
      <button
        type="button"
        className="btn btn--small"
        aria-label={t('superadminRoutes.resetDailyOf', { name: tenant.name })}
        disabled={reset.isPending}
        onClick={() => void handleReset()}
      >
        {t('superadminRoutes.resetDaily')}
      </button>
      <button
        type="button"
        className="btn btn--small"
        aria-label={t('superadminRoutes.manageRoutesOf', { name: tenant.name })}
        onClick={() => setDialog('routes')}
      >
        {t('superadminRoutes.manageRoutes')}
      </button>
      <button
        type="button"
        className="btn btn--small"
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
            show({
              kind: 'success',
              text: created ? t('routes.importedIt') : t('routes.updatedIt'),
            });
          }}
        />
      ) : null}
      <Notice notice={notice} dismissLabel={t('superadminRoutes.dismiss')} onDismiss={dismiss} />
    </>
  );
}
