import { useParams } from '../../../lib/router';
import {
  MediaPickerContext,
  type MediaPickerRenderer,
} from '../../../components/media-picker-slot';
import { TenantAreaLayout } from '../../../components/tenant-area-layout';
import { MediaPicker } from '../../../features/media-library/media-picker';
import { StepEditor } from '../../../features/step-editor/step-editor';

/**
 * `/:tenantSlug/routes/:routeId/steps`: a route's step editor inside the tenant area shell, with
 * the tenant's and the global media libraries to choose step media from.
 */
export function RouteStepsPage() {
  const { tenantSlug = '', routeId = '' } = useParams();
  const picker: MediaPickerRenderer = (props) => <MediaPicker tenantSlug={tenantSlug} {...props} />;
  return (
    <TenantAreaLayout>
      <MediaPickerContext.Provider value={picker}>
        <StepEditor key={`${tenantSlug}/${routeId}`} tenantSlug={tenantSlug} routeId={routeId} />
      </MediaPickerContext.Provider>
    </TenantAreaLayout>
  );
}

export default RouteStepsPage;
