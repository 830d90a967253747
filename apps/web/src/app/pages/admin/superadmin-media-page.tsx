import { PagePlaceholder } from '../../../components/page-placeholder';

/** `/superadmin/media`: the global media library (a placeholder until its issue builds it). */
export function SuperadminMediaPage() {
  return <PagePlaceholder name="Global media library" />;
}

export default SuperadminMediaPage;
