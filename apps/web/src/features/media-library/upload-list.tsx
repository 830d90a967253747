import { CloseButton } from '../../components/close-button';
import { ErrorAlert } from '../../components/error-alert';
import { useTranslation } from '../../lib/i18n';
import type { MediaUpload } from './use-media-uploads';

/** Props of `UploadList`. */
export interface UploadListProps {
  uploads: readonly MediaUpload[];
  onDismiss: (id: number) => void;
}

/** The files being uploaded, each with its progress bar, or its failure and a way to clear it. */
export function UploadList({ uploads, onDismiss }: UploadListProps) {
  const { t } = useTranslation(undefined, { keyPrefix: 'media' });
  if (uploads.length === 0) return null;
  return (
    <section className="media-uploads" aria-label={t('uploads')}>
      <ul className="media-uploads__list">
        {uploads.map((upload) => (
          <li key={upload.id} className="media-uploads__item">
            <span className="media-uploads__name">{upload.filename}</span>
            <UploadState upload={upload} onDismiss={onDismiss} />
          </li>
        ))}
      </ul>
    </section>
  );
}

/** A file's progress bar, 'Waiting', or its failure with the × that clears it. */
function UploadState({
  upload,
  onDismiss,
}: {
  upload: MediaUpload;
  onDismiss: (id: number) => void;
}) {
  const { t } = useTranslation(undefined, { keyPrefix: 'media' });
  switch (upload.status) {
    case 'waiting':
      return <span className="muted">{t('uploadWaiting')}</span>;
    case 'uploading': {
      const percent =
        upload.totalBytes > 0 ? Math.round((upload.loadedBytes / upload.totalBytes) * 100) : 0;
      return (
        <>
          <progress
            className="media-uploads__bar"
            max={100}
            value={percent}
            aria-label={t('uploadProgress', { filename: upload.filename })}
          />
          <span className="media-uploads__percent">{percent}%</span>
        </>
      );
    }
    case 'failed':
      return (
        <>
          <ErrorAlert text={upload.error} />
          <CloseButton
            label={t('dismissUpload', { filename: upload.filename })}
            onClick={() => onDismiss(upload.id)}
          />
        </>
      );
  }
}
