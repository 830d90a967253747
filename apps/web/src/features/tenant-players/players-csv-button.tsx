import { useState } from 'react';
import { fetchTenantPlayersCsv } from '../../api/tenant-players';
import { saveBlob } from '../../lib/download';
import { errorText } from '../../lib/error-text';
import { useTranslation } from '../../lib/i18n';

/** Props of `PlayersCsvButton`. */
export interface PlayersCsvButtonProps {
  tenantSlug: string;
  /** The search in force: the file holds the teams the table shows, every page of them. */
  q: string;
}

/** Downloads the Players CSV the server streams (`{slug}-players.csv`); a failure shows below. */
export function PlayersCsvButton({ tenantSlug, q }: PlayersCsvButtonProps) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const download = async () => {
    setBusy(true);
    setError(null);
    try {
      saveBlob(await fetchTenantPlayersCsv(tenantSlug, q), `${tenantSlug}-players.csv`);
    } catch (caught) {
      setError(caught);
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <button type="button" className="btn" disabled={busy} onClick={() => void download()}>
        {t('tenantArea.playersTab.exportCsv')}
      </button>
      {error ? (
        <p role="alert" className="alert alert--error">
          {errorText(error, t)}
        </p>
      ) : null}
    </>
  );
}
