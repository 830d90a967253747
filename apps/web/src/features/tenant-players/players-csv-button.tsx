import { fetchTenantPlayersCsv } from '../../api/tenant-players';
import { useTranslation } from '../../lib/i18n';
import { DownloadButton } from './download-button';

/** Props of `PlayersCsvButton`. */
export interface PlayersCsvButtonProps {
  tenantSlug: string;
  /** The search in force: the file holds the teams the table shows, every page of them. */
  q: string;
}

/** Downloads the Players CSV the server streams (`{slug}-players.csv`); a failure shows below. */
export function PlayersCsvButton({ tenantSlug, q }: PlayersCsvButtonProps) {
  const { t } = useTranslation();
  return (
    <DownloadButton
      label={t('tenantArea.playersTab.exportCsv')}
      fetchFile={() => fetchTenantPlayersCsv(tenantSlug, q)}
      fileName={`${tenantSlug}-players.csv`}
    />
  );
}
