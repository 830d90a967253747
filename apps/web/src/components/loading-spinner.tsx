import { useTranslation } from '../lib/i18n';

/** A centred spinner announcing 'Loading...' to assistive technology (role="status"). */
export function LoadingSpinner() {
  const { t } = useTranslation();
  return (
    <div className="spinner" role="status">
      <span className="spinner__circle" aria-hidden="true" />
      <span className="spinner__label">{t('common.loading')}</span>
    </div>
  );
}
