import type { AccessCode } from '@tappa/contracts';
import { useTenantTimeZone } from '../../components/tenant-clock';
import { saveBlob } from '../../lib/download';
import { useTranslation } from '../../lib/i18n';
import { codesCsv, codesCsvName } from './codes-csv';

/** Props of `CodesExportButton`. */
export interface CodesExportButtonProps {
  routeSlug: string;
  /** The unused codes shown (the CSV lists only unused codes, doc 2 §9). */
  codes: readonly AccessCode[];
}

/** 'Esporta CSV': the unused codes shown, built in the browser (doc 2 §8: CSV export client-side). */
export function CodesExportButton({ routeSlug, codes }: CodesExportButtonProps) {
  const { t } = useTranslation();
  const timeZone = useTenantTimeZone();
  function handleExport() {
    const csv = codesCsv(
      codes,
      {
        code: t('accessCodes.csv.code'),
        status: t('accessCodes.csv.status'),
        createdAt: t('accessCodes.csv.createdAt'),
        usedAt: t('accessCodes.csv.usedAt'),
        timeZone: t('accessCodes.csv.timeZone'),
        available: t('accessCodesAdmin.statusAvailable'),
      },
      timeZone,
    );
    saveBlob(new Blob([csv], { type: 'text/csv;charset=utf-8' }), codesCsvName(routeSlug));
  }
  return (
    <button type="button" className="btn" disabled={codes.length === 0} onClick={handleExport}>
      {t('accessCodesAdmin.exportCsv')}
    </button>
  );
}
