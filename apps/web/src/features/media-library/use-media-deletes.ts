import type { MediaFile, MediaFolder } from '@tappa/contracts';
import {
  type MediaLibrary,
  useDeleteMediaFile,
  useDeleteMediaFolder,
} from '../../api/media-library';
import { ApiError } from '../../lib/api-error';
import { errorText } from '../../lib/error-text';
import { useTranslation } from '../../lib/i18n';
import { dialogs } from '../../lib/dialogs';

/** What the screen does with the outcome of a deletion. */
export interface MediaDeleteOutcomes {
  /** Done: the confirmation to show. */
  onDeleted: (text: string) => void;
  /** Refused: the failure for the red box. */
  onFailed: (text: string) => void;
  /** Steps use the file: the server's refusal naming them. */
  onInUse: (file: MediaFile, reason: string) => void;
}

/**
 * The deletions of a library screen, each after its confirmation (doc 2 §8): a folder with all
 * its contents; a file, which the server refuses (409) while steps use it; and that file anyway
 * (`?force=true`) after a second confirmation.
 */
export function useMediaDeletes(library: MediaLibrary, outcomes: MediaDeleteOutcomes) {
  const { t } = useTranslation();
  const deleteFolder = useDeleteMediaFolder(library);
  const deleteFile = useDeleteMediaFile(library);
  const { onDeleted, onFailed, onInUse } = outcomes;
  const failed = (error: Error) => onFailed(errorText(error, t));

  async function removeFolder(folder: MediaFolder) {
    if (!(await dialogs.confirm(t('media.confirmDeleteFolder')))) return;
    deleteFolder.mutate(folder.id, {
      onSuccess: () => onDeleted(t('media.folderDeleted')),
      onError: failed,
    });
  }

  async function removeFile(file: MediaFile) {
    if (!(await dialogs.confirm(t('media.confirmDeleteFile', { filename: file.filename })))) return;
    deleteFile.mutate(
      { fileId: file.id, force: false },
      {
        onSuccess: () => onDeleted(t('media.fileDeleted')),
        onError: (error) => {
          // The contract's only 409 here: steps use the file (the answer names them).
          if (error instanceof ApiError && error.status === 409) {
            onInUse(file, errorText(error, t));
          } else {
            failed(error);
          }
        },
      },
    );
  }

  async function forceRemoveFile(file: MediaFile) {
    if (!(await dialogs.confirm(t('media.confirmForceDelete', { filename: file.filename }))))
      return;
    deleteFile.mutate(
      { fileId: file.id, force: true },
      { onSuccess: () => onDeleted(t('media.fileDeleted')), onError: failed },
    );
  }

  const busyId = deleteFolder.isPending
    ? (deleteFolder.variables ?? null)
    : deleteFile.isPending
      ? (deleteFile.variables?.fileId ?? null)
      : null;

  return {
    removeFolder: (folder: MediaFolder) => void removeFolder(folder),
    removeFile: (file: MediaFile) => void removeFile(file),
    forceRemoveFile: (file: MediaFile) => void forceRemoveFile(file),
    busyId,
    isForcing: deleteFile.isPending,
  };
}
