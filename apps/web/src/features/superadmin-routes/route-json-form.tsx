import { useState } from 'react';
import { FormActions } from '../../components/form-actions';
import { Field } from '../../components/form-field';
import { useTranslation } from '../../lib/i18n';
import { readFileText } from '../../lib/read-file';

/** Props of `RouteJsonForm`. */
export interface RouteJsonFormProps {
  initial: string;
  /** Offer a .json file picker that fills the text area. */
  withFile?: boolean;
  /** The message of a refused save, shown above the text. */
  error: string | null;
  isPending: boolean;
  submitLabel: string;
  pendingLabel: string;
  onSubmit: (json: string) => void;
  onCancel: () => void;
}

/** A route JSON text area (optionally filled from a .json file) with Cancel and its submit. */
export function RouteJsonForm(props: RouteJsonFormProps) {
  const { initial, withFile = false, error, isPending, submitLabel, pendingLabel } = props;
  const { t } = useTranslation();
  const [json, setJson] = useState(initial);
  const [fileError, setFileError] = useState(false);

  async function readFile(file: File | undefined) {
    if (!file) return;
    try {
      setJson(await readFileText(file));
      setFileError(false);
    } catch {
      setFileError(true);
    }
  }

  return (
    <form
      className="form"
      onSubmit={(event) => {
        event.preventDefault();
        props.onSubmit(json);
      }}
    >
      {error ? (
        <p role="alert" className="alert alert--error">
          {error}
        </p>
      ) : null}
      {withFile ? (
        <Field label={t('superadminRoutes.jsonFile')}>
          {(control) => (
            <input
              {...control}
              className="input input--file"
              type="file"
              accept=".json,application/json"
              onChange={(event) => void readFile(event.target.files?.[0])}
            />
          )}
        </Field>
      ) : null}
      {fileError ? (
        <p role="alert" className="alert alert--error">
          {t('superadminRoutes.fileReadFailed')}
        </p>
      ) : null}
      <Field label={t('superadminRoutes.jsonLabel')}>
        {(control) => (
          <textarea
            {...control}
            className="input input--code"
            spellCheck={false}
            wrap="off"
            rows={16}
            value={json}
            onChange={(event) => setJson(event.target.value)}
          />
        )}
      </Field>
      <FormActions
        submitLabel={submitLabel}
        pendingLabel={pendingLabel}
        isPending={isPending}
        disabled={json.trim() === ''}
        cancelLabel={t('superadminRoutes.cancel')}
        onCancel={props.onCancel}
      />
    </form>
  );
}
