import type { RouteImportResponse, RouteSummary } from '@tappa/contracts';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { useImportRouteJson, useRouteExport } from '../../api/routes';
import { FormActions } from '../../components/form-actions';
import { Field } from '../../components/form-field';
import { Modal } from '../../components/modal';
import { QueryState } from '../../components/query-state';
import { errorText } from '../../lib/error-text';
import { useTranslation } from '../../lib/i18n';
import { readFileText } from '../../lib/read-file';

/**
 * What a JSON dialog does: import a route ('Import Route JSON'), edit a route's exported JSON
 * ('Modifica JSON') or replace a route with a new JSON ('Importa JSON per sostituire').
 */
export type JsonDialogTarget =
  | { kind: 'import' }
  | { kind: 'edit'; route: RouteSummary }
  | { kind: 'replace'; route: RouteSummary };

/** Props of `JsonDialog`. */
export interface JsonDialogProps {
  tenantSlug: string;
  target: JsonDialogTarget;
  onClose: () => void;
  /** Called after a successful save, with the server's answer. */
  onDone: (result: RouteImportResponse) => void;
}

/** The JSON dialogs; server refusals (e.g. 'Il JSON deve contenere un array "steps"') show inline. */
export function JsonDialog({ tenantSlug, target, onClose, onDone }: JsonDialogProps) {
  const { t } = useTranslation();
  const title =
    target.kind === 'import'
      ? t('routes.importRouteJson')
      : t(target.kind === 'edit' ? 'routes.editJson' : 'routes.replaceJson', {
          title: target.route.title,
        });
  return (
    <Modal title={title} closeLabel={t('routesAdmin.form.close')} onClose={onClose}>
      {target.kind === 'edit' ? (
        <ExportedJsonForm tenantSlug={tenantSlug} route={target.route} {...{ onClose, onDone }} />
      ) : (
        <JsonForm
          tenantSlug={tenantSlug}
          routeId={target.kind === 'replace' ? target.route.id : undefined}
          initial=""
          withFilePicker
          submitLabel={t(
            target.kind === 'import' ? 'routesAdmin.json.import' : 'routesAdmin.json.replace',
          )}
          {...{ onClose, onDone }}
        />
      )}
    </Modal>
  );
}

/** Props of `ExportedJsonForm`. */
interface ExportedJsonFormProps {
  tenantSlug: string;
  route: RouteSummary;
  onClose: () => void;
  onDone: (result: RouteImportResponse) => void;
}

/** Loads the route's export, then shows it pretty-printed in the editor. */
function ExportedJsonForm({ tenantSlug, route, onClose, onDone }: ExportedJsonFormProps) {
  const { t } = useTranslation();
  const exported = useRouteExport(tenantSlug, route.id);
  return (
    <QueryState query={exported}>
      {(document) => (
        <JsonForm
          tenantSlug={tenantSlug}
          routeId={route.id}
          initial={JSON.stringify(document, null, 2)}
          withFilePicker={false}
          submitLabel={t('routesAdmin.json.save')}
          {...{ onClose, onDone }}
        />
      )}
    </QueryState>
  );
}

/** Props of `JsonForm`. */
interface JsonFormProps {
  tenantSlug: string;
  /** The route to replace; none for an import. */
  routeId: string | undefined;
  initial: string;
  withFilePicker: boolean;
  submitLabel: string;
  onClose: () => void;
  onDone: (result: RouteImportResponse) => void;
}

/** The JSON textarea (optionally filled from a picked .json file) and its submit. */
function JsonForm(props: JsonFormProps) {
  const { tenantSlug, routeId, initial, withFilePicker, submitLabel, onClose, onDone } = props;
  const { t } = useTranslation();
  const [json, setJson] = useState(initial);
  const [fileError, setFileError] = useState(false);
  const save = useImportRouteJson(tenantSlug);
  const banner = fileError
    ? t('superadminRoutes.fileReadFailed')
    : save.error && errorText(save.error, t);

  async function handleFile(file: File | undefined) {
    if (!file) return;
    try {
      setJson(await readFileText(file));
      setFileError(false);
    } catch {
      setFileError(true);
    }
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    save.mutate({ id: routeId, json }, { onSuccess: onDone });
  }

  return (
    <form className="form" noValidate onSubmit={handleSubmit}>
      {withFilePicker ? (
        <Field label={t('routesAdmin.json.file')}>
          {(control) => (
            <input
              {...control}
              type="file"
              accept=".json,application/json"
              onChange={(event) => void handleFile(event.target.files?.[0])}
            />
          )}
        </Field>
      ) : null}
      <Field label={t('routesAdmin.json.label')} required>
        {(control) => (
          <textarea
            {...control}
            className="input input--code"
            spellCheck={false}
            value={json}
            onChange={(event) => setJson(event.target.value)}
          />
        )}
      </Field>
      {banner ? (
        <p role="alert" className="alert alert--error">
          {banner}
        </p>
      ) : null}
      <FormActions
        submitLabel={submitLabel}
        pendingLabel={t('routesAdmin.json.saving')}
        isPending={save.isPending}
        disabled={json.trim() === ''}
        cancelLabel={t('routesAdmin.json.cancel')}
        onCancel={onClose}
      />
    </form>
  );
}
