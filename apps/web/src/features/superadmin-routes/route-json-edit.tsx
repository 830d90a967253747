import type { RouteSummary } from '@tappa/contracts';
import { useImportRouteJson, useRouteExport } from '../../api/routes';
import { QueryState } from '../../components/query-state';
import { errorText } from '../../lib/error-text';
import { useTranslation } from '../../lib/i18n';
import { RouteJsonForm } from './route-json-form';

/** Props of `RouteJsonEdit`. */
export interface RouteJsonEditProps {
  tenantSlug: string;
  route: RouteSummary;
  onCancel: () => void;
  onSaved: () => void;
}

/** 'Modifica JSON': the route's export in a text area; Save replaces the route with it (`PUT …/json`). */
export function RouteJsonEdit({ tenantSlug, route, onCancel, onSaved }: RouteJsonEditProps) {
  const { t } = useTranslation();
  const exported = useRouteExport(tenantSlug, route.id);
  const replace = useImportRouteJson(tenantSlug);
  return (
    <QueryState query={exported}>
      {(document) => (
        <RouteJsonForm
          initial={JSON.stringify(document, null, 2)}
          error={replace.error && errorText(replace.error, t)}
          isPending={replace.isPending}
          submitLabel={t('superadminRoutes.save')}
          pendingLabel={t('superadminRoutes.saving')}
          onSubmit={(json) => replace.mutate({ id: route.id, json }, { onSuccess: onSaved })}
          onCancel={onCancel}
        />
      )}
    </QueryState>
  );
}
