import { useId, useState } from 'react';
import { useUploadRouteImage } from '../../api/routes';
import { errorText } from '../../lib/error-text';
import { useTranslation } from '../../lib/i18n';
import { toasts } from '../../lib/dialogs';
import { FilePicker } from '../../components/file-picker';

/** Doc 2 §5: route images are PNG, WebP or JPEG (the server checks the content too). */
const IMAGE_TYPES = 'image/png,image/webp,image/jpeg';

/** Props of `RouteImageUpload`. */
export interface RouteImageUploadProps {
  tenantSlug: string;
  routeId: string;
}

/** A file picker and 'Upload Image' (enabled once a file is chosen); the outcome is a toast. */
export function RouteImageUpload({ tenantSlug, routeId }: RouteImageUploadProps) {
  const { t } = useTranslation();
  const inputId = useId();
  const [file, setFile] = useState<File | null>(null);
  const upload = useUploadRouteImage(tenantSlug);

  function handleUpload() {
    if (!file) return;
    upload.mutate(
      { id: routeId, file },
      {
        onSuccess: () => {
          setFile(null);
          toasts.success(t('routes.imageUploaded'));
        },
        onError: (error) =>
          toasts.error(t('routes.uploadImageError', { msg: errorText(error, t) })),
      },
    );
  }

  return (
    <div className="mr-upload">
      <label htmlFor={inputId} className="mr-upload__label">
        {t('routesAdmin.image')}
      </label>
      <div className="mr-upload__row">
        <FilePicker
          file={file}
          onChange={setFile}
          accept={IMAGE_TYPES}
          inputProps={{ id: inputId }}
        />
        <button
          type="button"
          className="btn btn--small"
          disabled={!file || upload.isPending}
          onClick={handleUpload}
        >
          {upload.isPending ? t('routesAdmin.uploading') : t('routesAdmin.uploadImage')}
        </button>
      </div>
    </div>
  );
}
