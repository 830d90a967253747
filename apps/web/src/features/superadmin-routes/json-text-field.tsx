import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** Reads a picked file as UTF-8 text (FileReader: available wherever a file input is). */
function readText(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(typeof reader.result === 'string' ? reader.result : '');
    reader.onerror = () => reject(reader.error ?? new Error('read failed'));
    reader.readAsText(file);
  });
}

/** Props of `JsonTextField`. */
export interface JsonTextFieldProps {
  value: string;
  onChange: (value: string) => void;
  /** Offer a .json file picker that fills the text area. */
  withFile?: boolean;
}

/** The route JSON text area, optionally with a .json file picker that fills it. */
export function JsonTextField({ value, onChange, withFile = false }: JsonTextFieldProps) {
  const { t } = useTranslation();
  const id = useId();
  const [fileError, setFileError] = useState(false);

  async function readFile(file: File | undefined) {
    if (!file) return;
    try {
      onChange(await readText(file));
      setFileError(false);
    } catch {
      setFileError(true);
    }
  }

  return (
    <div className="sr-json">
      {withFile ? (
        <label className="sr-json__file">
          <span>{t('superadminRoutes.jsonFile')}</span>
          <input
            type="file"
            accept=".json,application/json"
            onChange={(event) => void readFile(event.target.files?.[0])}
          />
        </label>
      ) : null}
      {fileError ? (
        <p role="alert" className="sr-banner sr-banner--error">
          {t('superadminRoutes.fileReadFailed')}
        </p>
      ) : null}
      <label htmlFor={id} className="sr-json__label">
        {t('superadminRoutes.jsonLabel')}
      </label>
      <textarea
        id={id}
        className="sr-json__text"
        spellCheck={false}
        wrap="off"
        rows={16}
        value={value}
        onChange={(event) => onChange(event.target.value)}
      />
    </div>
  );
}
