import { useParams } from '../../../lib/router';
import { TenantAreaLayout } from '../../../components/tenant-area-layout';
import { MediaLibraryScreen } from '../../../features/media-library/media-library-screen';
import '../../../components/admin-ui.css';
import { useTranslation } from '../../../lib/i18n';

/** `/:tenantSlug/media`: the tenant's media library (doc 2 §2) in the tenant area shell. */
export function TenantMediaPage() {
  const { t } = useTranslation();
  const { tenantSlug = '' } = useParams();
  return (
    <TenantAreaLayout>
      <main className="admin-page admin-page--wide">
        {/* The library's title is the page's h1: the tenant area's header names only the area. */}
        <MediaLibraryScreen
          library={{ kind: 'tenant', tenantSlug }}
          title={t('media.title')}
          headingLevel={1}
        />
      </main>
    </TenantAreaLayout>
  );
}

export default TenantMediaPage;
