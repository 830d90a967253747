import type { RouteSummary } from '@tappa/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { JsonTextField } from './json-text-field';
import { useReplaceRouteJson, useRouteExport } from './routes-api';

/** Props of `RouteJsonEdit`. */
export interface RouteJsonEditProps {
  tenantSlug: string;
  route: RouteSummary;
  onCancel: () => void;
  onSaved: () => void;
}

/** 'Modifica JSON': the route's export in a text area; saving replaces the route with it. */
export function RouteJsonEdit({ tenantSlug, route, onCancel, onSaved }: RouteJsonEditProps) {
  const { t } = useTranslation();
  const exported = useRouteExport(tenantSlug, route.id);
  if (exported.isPending) {
    return (
      <p role="status" className="sr-muted">
        {t('common.loading')}
      </p>
    );
  }
  if (exported.isError) {
    return (
      <p role="alert" className="sr-banner sr-banner--error">
        {exported.error.message}
      </p>
    );
  }
  return (
    <JsonEditForm
      tenantSlug={tenantSlug}
      routeId={route.id}
      initial={JSON.stringify(exported.data, null, 2)}
      onCancel={onCancel}
      onSaved={onSaved}
    />
  );
}

/** Props of `JsonEditForm`. */
interface JsonEditFormProps {
  tenantSlug: string;
  routeId: string;
  initial: string;
  onCancel: () => void;
  onSaved: () => void;
}

/** The text area prefilled with the export, and Save (`PUT …/routes/{id}/json`). */
function JsonEditForm({ tenantSlug, routeId, initial, onCancel, onSaved }: JsonEditFormProps) {
  const { t } = useTranslation();
  const [json, setJson] = useState(initial);
  const replace = useReplaceRouteJson(tenantSlug, routeId);
  return (
    <form
      className="sr-form"
      onSubmit={(event) => {
        event.preventDefault();
        replace.mutate(json, { onSuccess: onSaved });
      }}
    >
      {replace.isError ? (
        <p role="alert" className="sr-banner sr-banner--error">
          {replace.error.message}
        </p>
      ) : null}
      <JsonTextField value={json} onChange={setJson} />
      <div className="sr-actions">
        <button type="button" className="sr-btn" onClick={onCancel}>
          {t('superadminRoutes.cancel')}
        </button>
        <button
          type="submit"
          className="sr-btn sr-btn--primary"
          disabled={json.trim() === '' || replace.isPending}
        >
          {replace.isPending ? t('superadminRoutes.saving') : t('superadminRoutes.save')}
        </button>
      </div>
    </form>
  );
}
