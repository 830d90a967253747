import { safeFileName } from '@tappa/domain';
import { fetchTeamExport } from '../../api/tenant-players';
import { useTranslation } from '../../lib/i18n';
import { DownloadButton } from './download-button';

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
  return (
    <DownloadButton
      label={t('tenantArea.teamDetail.export')}
      fetchFile={() => fetchTeamExport(tenantSlug, team.id)}
      fileName={`${safeFileName(team.team_name, 'team')}.json`}
    />
  );
}
