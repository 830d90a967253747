import type { RouteSummary } from '@tappa/contracts';
import { Modal } from '../../components/modal';
import { useTranslation } from '../../lib/i18n';
import { RouteImageUpload } from './route-image-upload';
import './route-card.css';

/** Props of `RouteImageDialog`. */
export interface RouteImageDialogProps {
  tenantSlug: string;
  route: RouteSummary;
  onClose: () => void;
}

/** A route's image, opened from its card's 'Altre azioni': the current one and 'Upload Image'. */
export function RouteImageDialog({ tenantSlug, route, onClose }: RouteImageDialogProps) {
  const { t } = useTranslation();
  return (
    <Modal
      title={t('routesAdmin.imageDialog', { title: route.title })}
      closeLabel={t('routesAdmin.form.close')}
      onClose={onClose}
      size="small"
    >
      {route.image_url ? (
        <img className="mr-image-dialog__preview" src={route.image_url} alt="" />
      ) : null}
      <RouteImageUpload tenantSlug={tenantSlug} routeId={route.id} />
    </Modal>
  );
}
