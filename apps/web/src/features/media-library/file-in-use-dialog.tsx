import type { MediaFile } from '@tappa/contracts';
import { ErrorAlert } from '../../components/error-alert';
import { Modal } from '../../components/modal';
import '../../components/forms.css';
import { useTranslation } from '../../lib/i18n';

/** Props of `FileInUseDialog`. */
export interface FileInUseDialogProps {
  file: MediaFile;
  /** The server's refusal, naming the steps that use the file. */
  reason: string;
  isPending: boolean;
  onClose: () => void;
  /** Deletes the file anyway (the caller asks a second confirmation first). */
  onForce: () => void;
}

/** Shown when steps use a file being deleted: why, and a way to delete it anyway. */
export function FileInUseDialog({
  file,
  reason,
  isPending,
  onClose,
  onForce,
}: FileInUseDialogProps) {
  const { t } = useTranslation(undefined, { keyPrefix: 'media' });
  return (
    <Modal title={t('inUseTitle')} closeLabel={t('close')} onClose={onClose} size="small">
      <p className="media-in-use__file">{file.filename}</p>
      <ErrorAlert text={reason} />
      <div className="form__actions">
        <button type="button" className="btn btn--ghost" onClick={onClose}>
          {t('cancel')}
        </button>
        <button type="button" className="btn btn--danger" disabled={isPending} onClick={onForce}>
          {t('deleteAnyway')}
        </button>
      </div>
    </Modal>
  );
}
