import type { TenantSummary } from '@tappa/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { JsonTextField } from './json-text-field';
import { RouteDialog } from './route-dialog';
import { useImportRoute } from './routes-api';

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
  const [json, setJson] = useState('');
  const importRoute = useImportRoute(tenant.slug);

  return (
    <RouteDialog
      title={t('superadminRoutes.importTitle', { name: tenant.name })}
      closeLabel={t('superadminRoutes.close')}
      onClose={onClose}
    >
      <form
        className="sr-form"
        onSubmit={(event) => {
          event.preventDefault();
          importRoute.mutate(json, { onSuccess: (result) => onImported(result.created) });
        }}
      >
        {importRoute.isError ? (
          <p role="alert" className="sr-banner sr-banner--error">
            {importRoute.error.message}
          </p>
        ) : null}
        <JsonTextField value={json} onChange={setJson} withFile />
        <div className="sr-actions">
          <button type="button" className="sr-btn" onClick={onClose}>
            {t('superadminRoutes.cancel')}
          </button>
          <button
            type="submit"
            className="sr-btn sr-btn--primary"
            disabled={json.trim() === '' || importRoute.isPending}
          >
            {importRoute.isPending ? t('superadminRoutes.importing') : t('superadminRoutes.import')}
          </button>
        </div>
      </form>
    </RouteDialog>
  );
}
