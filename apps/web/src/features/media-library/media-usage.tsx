import type { MediaListing } from '@tappa/contracts';
import { formatFileSize } from '../../lib/file-size';
import { useTranslation } from '../../lib/i18n';

/** Props of `MediaUsage`. */
export interface MediaUsageProps {
  usage: MediaListing['usage'];
}

/** The library's room, discreetly: used of quota, and the largest file it takes. */
export function MediaUsage({ usage }: MediaUsageProps) {
  const { t, i18n } = useTranslation(undefined, { keyPrefix: 'media' });
  const size = (bytes: number) => formatFileSize(bytes, i18n.language);
  return (
    <p className="media-usage muted">
      {t('usage', { used: size(usage.used_bytes), quota: size(usage.quota_bytes) })} ·{' '}
      {t('maxFile', { max: size(usage.max_file_bytes) })}
    </p>
  );
}
