import { useParams } from 'react-router';
import { TenantAreaLayout } from '../../../components/tenant-area-layout';
import { StepEditor } from '../../../features/step-editor/step-editor';

/** `/:tenantSlug/routes/:routeId/steps`: a route's step editor inside the tenant area shell. */
export function RouteStepsPage() {
  const { tenantSlug = '', routeId = '' } = useParams();
  return (
    <TenantAreaLayout>
      <StepEditor key={`${tenantSlug}/${routeId}`} tenantSlug={tenantSlug} routeId={routeId} />
    </TenantAreaLayout>
  );
}

export default RouteStepsPage;
