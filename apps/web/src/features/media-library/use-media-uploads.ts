import { useCallback, useEffect, useRef, useState } from 'react';
import {
  type MediaLibrary,
  uploadMediaFile,
  useRefreshMediaLibrary,
} from '../../api/media-library';
import { serverErrorText } from '../../lib/error-text';
import { useTranslation } from '../../lib/i18n';

/** One file on its way into the library (a sent file leaves the list; a failed one stays). */
export interface MediaUpload {
  id: number;
  filename: string;
  status: 'waiting' | 'uploading' | 'failed';
  loadedBytes: number;
  totalBytes: number;
  /** Why the server refused it, or the generic failure. */
  error: string | null;
}

let nextUploadId = 0;

/**
 * The uploads of a library screen: `start` sends the chosen files one request each, one after
 * the other (so each sees the quota the previous left), tracking each one's progress, and
 * refreshes the listing after each file that arrived. Leaving the screen cancels what is left.
 */
export function useMediaUploads(library: MediaLibrary) {
  const { t } = useTranslation();
  const [uploads, setUploads] = useState<MediaUpload[]>([]);
  const refresh = useRefreshMediaLibrary(library);
  const controllerRef = useRef<AbortController | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    controllerRef.current = controller;
    return () => controller.abort();
  }, []);

  const change = useCallback((id: number, fields: Partial<MediaUpload>) => {
    setUploads((list) =>
      list.map((upload) => (upload.id === id ? { ...upload, ...fields } : upload)),
    );
  }, []);

  const dismiss = useCallback((id: number) => {
    setUploads((list) => list.filter((upload) => upload.id !== id));
  }, []);

  async function start(files: readonly File[], folderId: string | null) {
    const signal = controllerRef.current?.signal;
    const batch = files.map((file) => ({ file, id: nextUploadId++ }));
    setUploads((list) => [
      ...list,
      ...batch.map(({ file, id }) => ({
        id,
        filename: file.name,
        status: 'waiting' as const,
        loadedBytes: 0,
        totalBytes: file.size,
        error: null,
      })),
    ]);
    for (const { file, id } of batch) {
      if (signal?.aborted) return;
      change(id, { status: 'uploading' });
      try {
        await uploadMediaFile(library, {
          file,
          folderId,
          signal,
          onProgress: ({ loadedBytes, totalBytes }) => change(id, { loadedBytes, totalBytes }),
        });
        dismiss(id);
        void refresh();
      } catch (error) {
        if (signal?.aborted) return;
        const reason = serverErrorText(error, t) ?? t('media.uploadFailed');
        change(id, { status: 'failed', error: reason });
      }
    }
  }

  return { uploads, start, dismiss };
}
