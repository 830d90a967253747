import { useTranslation } from '../lib/i18n';
import './admin-ui.css';

/** An account's Active (green) or Inactive (amber) badge. */
export function ActiveBadge({ active }: { active: boolean }) {
  const { t } = useTranslation();
  return (
    <span className={active ? 'badge badge--success' : 'badge badge--warning'}>
      {active ? t('superadmin.active') : t('superadmin.inactive')}
    </span>
  );
}
