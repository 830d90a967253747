import { safeFileName } from '@tappa/domain';
import { useState } from 'react';
import { fetchTeamExport } from '../../api/tenant-players';
import { saveBlob } from '../../lib/download';
import { errorText } from '../../lib/error-text';
import { useTranslation } from '../../lib/i18n';

/** Props of `TeamExportButton`. */
export interface TeamExportButtonProps {
  tenantSlug: string;
  team: { id: string; team_name: string };
}

/**
 * 'Esporta dati (JSON)': the team's data as the server writes it for its access request, saved
 * under the name the server gives it (`{team}.json`); a failure shows below.
 */
export function TeamExportButton({ tenantSlug, team }: TeamExportButtonProps) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const download = async () => {
    setBusy(true);
    setError(null);
    try {
      const file = await fetchTeamExport(tenantSlug, team.id);
      saveBlob(file, `${safeFileName(team.team_name, 'team')}.json`);
    } catch (caught) {
      setError(caught);
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <button type="button" className="btn" disabled={busy} onClick={() => void download()}>
        {t('tenantArea.teamDetail.export')}
      </button>
      {error ? (
        <p role="alert" className="alert alert--error">
          {errorText(error, t)}
        </p>
      ) : null}
    </>
  );
}
