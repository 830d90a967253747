import type { TenantSummary } from '@tappa/contracts';
import { useCallback, useState } from 'react';
import { useTranslation } from '../../lib/i18n';
import { TenantRolesDialog } from './tenant-roles-dialog';
import '../../components/admin-ui.css';

/** Props of `TenantRolesAction`. */
export interface TenantRolesActionProps {
  tenant: Pick<TenantSummary, 'id' | 'name'>;
}

/** The 'Roles' action of a tenant row: opens the dialog of the accounts with a role there. */
export function TenantRolesAction({ tenant }: TenantRolesActionProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const close = useCallback(() => setOpen(false), []);
  return (
    <>
      <button
        type="button"
        className="btn btn--small"
        aria-label={t('tenantRoles.actionOf', { name: tenant.name })}
        onClick={() => setOpen(true)}
      >
        {t('tenantRoles.action')}
      </button>
      {open ? <TenantRolesDialog tenant={tenant} onClose={close} /> : null}
    </>
  );
}
