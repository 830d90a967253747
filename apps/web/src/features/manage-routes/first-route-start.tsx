import { useId, useState } from 'react';
import { useImportSampleRoute } from '../../api/routes';
import { errorText } from '../../lib/error-text';
import { useTranslation } from '../../lib/i18n';
import { RouteFormDialog } from './route-form-dialog';
import '../../components/admin-ui.css';
import './manage-routes.css';

/** How a first route came: from the Create Route form, or from the sample route. */
export type FirstRouteOutcome = 'created' | 'imported';

/** Props of `FirstRouteStart`. */
export interface FirstRouteStartProps {
  tenantSlug: string;
  /** Called once the first route exists. */
  onDone: (outcome: FirstRouteOutcome) => void;
}

/**
 * The empty state of a tenant without routes (route list and dashboard): the spec's 'No routes
 * yet' line, then 'Crea il primo percorso' (the Create Route form) and 'Importa il percorso di
 * esempio' (the demo's route, imported on the server as a new route of this tenant).
 */
export function FirstRouteStart({ tenantSlug, onDone }: FirstRouteStartProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const importSample = useImportSampleRoute(tenantSlug);
  const [isCreating, setIsCreating] = useState(false);
  const [error, setError] = useState<string | null>(null);

  function handleImportSample() {
    setError(null);
    importSample.mutate(undefined, {
      onSuccess: () => onDone('imported'),
      onError: (failure) =>
        setError(t('routesAdmin.firstRoute.sampleError', { msg: errorText(failure, t) })),
    });
  }

  return (
    <section className="mr-empty mr-first" aria-labelledby={titleId}>
      <h2 id={titleId} className="mr-first__title">
        {t('routesAdmin.firstRoute.title')}
      </h2>
      <p>{t('routes.empty')}</p>
      <p className="muted mr-first__lead">{t('routesAdmin.firstRoute.lead')}</p>
      <div className="mr-first__actions">
        <button type="button" className="btn btn--primary" onClick={() => setIsCreating(true)}>
          {t('routesAdmin.firstRoute.create')}
        </button>
        <button
          type="button"
          className="btn"
          disabled={importSample.isPending}
          onClick={handleImportSample}
        >
          {importSample.isPending
            ? t('routesAdmin.firstRoute.importing')
            : t('routesAdmin.firstRoute.importSample')}
        </button>
      </div>
      {error ? (
        <p role="alert" className="alert alert--error">
          {error}
        </p>
      ) : null}
      {isCreating ? (
        <RouteFormDialog
          tenantSlug={tenantSlug}
          target={{ mode: 'create' }}
          onClose={() => setIsCreating(false)}
          onSaved={() => onDone('created')}
        />
      ) : null}
    </section>
  );
}
