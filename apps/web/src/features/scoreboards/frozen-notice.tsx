import type { Rankings } from '@tappa/contracts';
import { useTranslation } from '../../lib/i18n';
import './scoreboards.css';

/**
 * 'Classifica congelata' on a public board whose standings staff froze (issue 31): the rows are
 * those of that moment until 'Rivela'. Nothing while the standings are live.
 */
export function FrozenNotice({
  rankings,
  className = '',
}: {
  rankings: Rankings | undefined;
  className?: string;
}) {
  const { t } = useTranslation();
  if (!rankings?.frozen_at) return null;
  return (
    <p className={`frozen-notice ${className}`.trim()} role="status">
      {t('scoreboard.frozen')}
    </p>
  );
}
