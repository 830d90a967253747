import { useParams } from '../../../lib/router';
import { TenantAreaLayout } from '../../../components/tenant-area-layout';
import { QrSheet } from '../../../features/qr-sheet/qr-sheet';

/** `/:tenantSlug/routes/:routeId/qr-sheet`: the printable QR codes of a route's qr steps. */
export function RouteQrSheetPage() {
  const { tenantSlug = '', routeId = '' } = useParams();
  return (
    <TenantAreaLayout>
      <QrSheet tenantSlug={tenantSlug} routeId={routeId} />
    </TenantAreaLayout>
  );
}

export default RouteQrSheetPage;
