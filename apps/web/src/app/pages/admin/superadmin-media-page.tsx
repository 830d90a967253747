import { MediaLibraryScreen } from '../../../features/media-library/media-library-screen';
import '../../../components/admin-ui.css';
import { useTranslation } from '../../../lib/i18n';

/** `/superadmin/media`: the platform's global media library (doc 2 §2), for the superadmin. */
export function SuperadminMediaPage() {
  const { t } = useTranslation();
  return (
    // The app shell holds the page's `main`.
    <div className="admin-page admin-page--wide">
      <MediaLibraryScreen library={{ kind: 'global' }} title={t('media.globalTitle')} />
    </div>
  );
}

export default SuperadminMediaPage;
