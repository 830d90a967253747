import type { TenantSummary } from '@tappa/contracts';
import { useImportRouteJson } from '../../api/routes';
import { Modal } from '../../components/modal';
import { errorText } from '../../lib/error-text';
import { useTranslation } from '../../lib/i18n';
import { RouteJsonForm } from './route-json-form';

/** Props of `ImportRouteDialog`. */
export interface ImportRouteDialogProps {
  tenant: Pick<TenantSummary, 'slug' | 'name'>;
  onClose: () => void;
  /** Called after a successful import; `created` is false when a same-slug route was updated. */
  onImported: (created: boolean) => void;
}

/** 'Import route': paste or load a route JSON and import it into the tenant. */
export function ImportRouteDialog({ tenant, onClose, onImported }: ImportRouteDialogProps) {
  const { t } = useTranslation();
  const importRoute = useImportRouteJson(tenant.slug);

  return (
    <Modal
      title={t('superadminRoutes.importTitle', { name: tenant.name })}
      closeLabel={t('superadminRoutes.close')}
      size="large"
      onClose={onClose}
    >
      <RouteJsonForm
        initial=""
        withFile
        error={importRoute.error && errorText(importRoute.error, t)}
        isPending={importRoute.isPending}
        submitLabel={t('superadminRoutes.import')}
        pendingLabel={t('superadminRoutes.importing')}
        onSubmit={(json) =>
          importRoute.mutate({ json }, { onSuccess: (result) => onImported(result.created) })
        }
        onCancel={onClose}
      />
    </Modal>
  );
}
