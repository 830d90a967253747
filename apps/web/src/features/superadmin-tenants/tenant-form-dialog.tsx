import type { TenantDetail } from '@tappa/contracts';
import { useSaveTenant, useTenantDetail } from '../../api/platform-tenants';
import { Modal } from '../../components/modal';
import { QueryState } from '../../components/query-state';
import { TenantForm } from '../../components/tenant-form/tenant-form';
import type { TenantFormMode } from '../../components/tenant-form/tenant-form-validation';
import {
  EMPTY_TENANT_FORM,
  valuesFromTenant,
} from '../../components/tenant-form/tenant-form-values';
import '../../components/admin-ui.css';
import { useTranslation } from '../../lib/i18n';
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
        <CreateTenantForm onCancel={onClose} onSaved={(tenant) => onSaved('create', tenant)} />
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

/** What the create and edit forms get from the dialog. */
interface FormCallbacks {
  onCancel: () => void;
  onSaved: (tenant: TenantDetail) => void;
}

/** An empty form that creates a tenant (`tenants.create`). */
function CreateTenantForm({ onCancel, onSaved }: FormCallbacks) {
  const save = useSaveTenant();
  return (
    <TenantForm
      mode="create"
      initial={EMPTY_TENANT_FORM}
      submit={(form) => save.mutate({ form }, { onSuccess: onSaved })}
      isPending={save.isPending}
      error={save.error}
      onCancel={onCancel}
    />
  );
}

/** Loads the tenant (`tenants.detail`), then shows the form with its values. */
function EditTenantForm({ id, onCancel, onSaved }: FormCallbacks & { id: string }) {
  const tenant = useTenantDetail(id);
  const save = useSaveTenant();
  return (
    <QueryState query={tenant}>
      {(detail) => (
        <TenantForm
          mode="edit"
          initial={valuesFromTenant(detail)}
          images={detail}
          submit={(form) => save.mutate({ id, form }, { onSuccess: onSaved })}
          isPending={save.isPending}
          error={save.error}
          onCancel={onCancel}
        />
      )}
    </QueryState>
  );
}
