import type { TenantDetail } from '@tappa/contracts';
import { useTranslation } from 'react-i18next';
import { useTenantDetail } from '../../api/platform-tenants';
import { Modal } from '../../components/modal';
import { QueryState } from '../../components/query-state';
import { TenantForm } from './tenant-form';
import type { TenantFormMode } from './tenant-form-validation';
import { EMPTY_TENANT_FORM, valuesFromTenant } from './tenant-form-values';
import '../../components/admin-ui.css';
import './superadmin-tenants.css';

/** What the dialog is open for: a new tenant, or the tenant with this id. */
export type TenantDialogTarget = { mode: 'create' } | { mode: 'edit'; id: string };

/** Props of `TenantFormDialog`. */
export interface TenantFormDialogProps {
  target: TenantDialogTarget;
  onClose: () => void;
  onSaved: (mode: TenantFormMode, tenant: TenantDetail) => void;
}

/** Modal dialog holding the tenant form; for an edit it loads the tenant first. */
export function TenantFormDialog({ target, onClose, onSaved }: TenantFormDialogProps) {
  const { t } = useTranslation();
  const title =
    target.mode === 'create'
      ? t('superadmin.tenantForm.createTitle')
      : t('superadmin.tenantForm.editTitle');

  return (
    <Modal
      title={title}
      closeLabel={t('superadmin.tenantForm.close')}
      size="large"
      onClose={onClose}
    >
      {target.mode === 'create' ? (
        <TenantForm
          mode="create"
          initial={EMPTY_TENANT_FORM}
          onCancel={onClose}
          onSaved={(tenant) => onSaved('create', tenant)}
        />
      ) : (
        <EditTenantForm
          id={target.id}
          onCancel={onClose}
          onSaved={(tenant) => onSaved('edit', tenant)}
        />
      )}
    </Modal>
  );
}

/** Props of `EditTenantForm`. */
interface EditTenantFormProps {
  id: string;
  onCancel: () => void;
  onSaved: (tenant: TenantDetail) => void;
}

/** Loads the tenant (`GET /api/platform/tenants/{id}`), then shows the form with its values. */
function EditTenantForm({ id, onCancel, onSaved }: EditTenantFormProps) {
  const tenant = useTenantDetail(id);
  return (
    <QueryState query={tenant}>
      {(detail) => (
        <TenantForm
          mode="edit"
          tenantId={id}
          initial={valuesFromTenant(detail)}
          images={detail}
          onCancel={onCancel}
          onSaved={onSaved}
        />
      )}
    </QueryState>
  );
}
