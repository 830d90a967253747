import type { TenantDetail } from '@tappa/contracts';
import { useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { TenantForm } from './tenant-form';
import type { TenantFormMode } from './tenant-form-validation';
import { EMPTY_TENANT_FORM, valuesFromTenant } from './tenant-form-values';
import { useTenantDetail } from './tenants-api';
import './superadmin-tenants.css';
import './tenant-form.css';

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
  const titleId = useId();
  const dialogRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    dialogRef.current?.focus();
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onClose();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [onClose]);

  const title =
    target.mode === 'create'
      ? t('superadmin.tenantForm.createTitle')
      : t('superadmin.tenantForm.editTitle');

  return (
    <div className="sa-modal">
      <div
        ref={dialogRef}
        className="sa-modal__dialog"
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
      >
        <header className="sa-modal__header">
          <h2 id={titleId} className="sa-modal__title">
            {title}
          </h2>
          <button
            type="button"
            className="sa-modal__close"
            aria-label={t('superadmin.tenantForm.close')}
            onClick={onClose}
          >
            ×
          </button>
        </header>
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
      </div>
    </div>
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
  const { t } = useTranslation();
  const tenant = useTenantDetail(id);
  if (tenant.isPending) {
    return (
      <p role="status" className="sa-loading">
        {t('common.loading')}
      </p>
    );
  }
  if (tenant.isError) {
    return (
      <p role="alert" className="sa-banner sa-banner--error">
        {tenant.error.message}
      </p>
    );
  }
  return (
    <TenantForm
      mode="edit"
      tenantId={id}
      initial={valuesFromTenant(tenant.data)}
      images={tenant.data}
      onCancel={onCancel}
      onSaved={onSaved}
    />
  );
}
