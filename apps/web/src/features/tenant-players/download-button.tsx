import { useState } from 'react';
import { saveBlob } from '../../lib/download';
import { errorText } from '../../lib/error-text';
import { useTranslation } from '../../lib/i18n';

/** Props of `DownloadButton`. */
export interface DownloadButtonProps {
  label: string;
  /** Reads the file from the server. */
  fetchFile: () => Promise<Blob>;
  /** The name it is saved under. */
  fileName: string;
}

/** A button that downloads a file the server writes, busy meanwhile; a failure shows below. */
export function DownloadButton({ label, fetchFile, fileName }: DownloadButtonProps) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const download = async () => {
    setBusy(true);
    setError(null);
    try {
      saveBlob(await fetchFile(), fileName);
    } catch (caught) {
      setError(caught);
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <button type="button" className="btn" disabled={busy} onClick={() => void download()}>
        {label}
      </button>
      {error ? (
        <p role="alert" className="alert alert--error">
          {errorText(error, t)}
        </p>
      ) : null}
    </>
  );
}
