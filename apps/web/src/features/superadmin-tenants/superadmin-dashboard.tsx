import { useCallback, useState } from 'react';
import type { ReactNode } from 'react';
import type { TenantSummary } from '@tappa/contracts';
import { Notice, useNotice } from '../../components/notice';
import { useTranslation } from '../../lib/i18n';
import { SuperadminToolbar } from './superadmin-toolbar';
import type { SuperadminPanel, SuperadminPanels } from './superadmin-toolbar';
import { TenantFormDialog } from './tenant-form-dialog';
import type { TenantDialogTarget } from './tenant-form-dialog';
import { TenantsTable } from './tenants-table';
import '../../components/admin-ui.css';
import './superadmin-tenants.css';

/** Doc 1 §9: a saved message stays 3 seconds. */
export const SAVED_NOTICE_MS = 3000;

/** Props of `SuperadminDashboard`. */
export interface SuperadminDashboardProps {
  /** Extra actions of each tenant row (the page composes the route tools here). */
  tenantActions?: (tenant: TenantSummary) => ReactNode;
  /** The content of the panels (the page composes them). */
  panels: SuperadminPanels;
}

/**
 * The superadmin dashboard's content (the shared page shell gives it its title): the button row
 * with at most one open panel, the tenants table and the tenant dialog.
 */
export function SuperadminDashboard({ tenantActions, panels }: SuperadminDashboardProps) {
  const { t } = useTranslation();
  const [panel, setPanel] = useState<SuperadminPanel | null>(null);
  const [dialog, setDialog] = useState<TenantDialogTarget | null>(null);
  const { notice, show } = useNotice(SAVED_NOTICE_MS);
  const closeDialog = useCallback(() => setDialog(null), []);

  return (
    <div className="sa">
      <Notice notice={notice} />
      <SuperadminToolbar
        openPanel={panel}
        onTogglePanel={(next) => setPanel((current) => (current === next ? null : next))}
        onNewTenant={() => setDialog({ mode: 'create' })}
        panels={panels}
      />
      <TenantsTable
        onEdit={(id) => setDialog({ mode: 'edit', id })}
        renderActions={tenantActions}
      />
      {dialog ? (
        <TenantFormDialog
          target={dialog}
          onClose={closeDialog}
          onSaved={(mode) => {
            setDialog(null);
            show({
              kind: 'success',
              text:
                mode === 'create' ? t('superadmin.tenantCreated') : t('superadmin.tenantUpdated'),
            });
          }}
        />
      ) : null}
    </div>
  );
}
