import type { MediaFile } from '@tappa/contracts';
import { useCallback, useId, useState } from 'react';
import type { ChangeEvent } from 'react';
import { useSearchParams } from '../../lib/router';
import { type MediaLibrary, useMediaListing } from '../../api/media-library';
import { ErrorAlert } from '../../components/error-alert';
import { Notice, useNotice } from '../../components/notice';
import { QueryState } from '../../components/query-state';
import { useTranslation } from '../../lib/i18n';
import { DescriptionDialog } from './description-dialog';
import { FileInUseDialog } from './file-in-use-dialog';
import { MediaGrid } from './media-grid';
import { MediaNavigation } from './media-navigation';
import { MediaUsage } from './media-usage';
import { NewFolderDialog } from './new-folder-dialog';
import { UploadList } from './upload-list';
import { useMediaDeletes } from './use-media-deletes';
import { useMediaUploads } from './use-media-uploads';
import '../../components/admin-ui.css';
import './media-library.css';

/** Doc 2 §9: a copy confirmation shows for 2 seconds (the other confirmations too). */
const MEDIA_NOTICE_MS = 2000;

/** The URL parameter of the folder shown, so a reload and the browser's back button keep it. */
const FOLDER_PARAM = 'folder';

/** The dialog open over the screen, if any. */
type MediaDialog =
  | { kind: 'newFolder' }
  | { kind: 'description'; file: MediaFile }
  | { kind: 'inUse'; file: MediaFile; reason: string };

/** Props of `MediaLibraryScreen`. */
export interface MediaLibraryScreenProps {
  library: MediaLibrary;
  title: string;
  /** 1 where the library's title is the page's title; 2 (the default) under a page's own h1. */
  headingLevel?: 1 | 2;
}

/**
 * A media library (doc 2 §2): folder navigation (the folder in the URL), New Folder, Upload
 * Files with a progress bar per file, the grid of folders and files with their actions, and the
 * library's room. Failures show in a red box.
 */
export function MediaLibraryScreen({ library, title, headingLevel = 2 }: MediaLibraryScreenProps) {
  const Heading = headingLevel === 1 ? 'h1' : 'h2';
  const { t: m } = useTranslation(undefined, { keyPrefix: 'media' });
  const titleId = useId();
  const [params, setParams] = useSearchParams();
  const folderId = params.get(FOLDER_PARAM);
  const listing = useMediaListing(library, folderId);
  const uploads = useMediaUploads(library);
  const [dialog, setDialog] = useState<MediaDialog | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const { notice, show } = useNotice(MEDIA_NOTICE_MS);
  const closeDialog = useCallback(() => setDialog(null), []);

  function succeed(text: string) {
    setDialog(null);
    show({ kind: 'success', text });
  }

  const deletes = useMediaDeletes(library, {
    onDeleted: succeed,
    onFailed: (text) => {
      setDialog(null);
      setFailure(text);
    },
    onInUse: (file, reason) => setDialog({ kind: 'inUse', file, reason }),
  });

  function handleOpen(id: string | null) {
    setFailure(null);
    // A new history entry per folder: the browser's back button goes up again.
    setParams(id === null ? {} : { [FOLDER_PARAM]: id });
  }

  function handleFiles(event: ChangeEvent<HTMLInputElement>) {
    const files = Array.from(event.target.files ?? []);
    // Cleared, so choosing the same file again uploads it again.
    event.target.value = '';
    if (files.length > 0) void uploads.start(files, folderId);
  }

  async function copy(text: string, confirmation: string) {
    setFailure(null);
    try {
      await navigator.clipboard.writeText(text);
      show({ kind: 'success', text: confirmation });
    } catch {
      setFailure(m('copyFailed'));
    }
  }

  return (
    <section className="panel media-library" aria-labelledby={titleId}>
      <Notice notice={notice} />
      <header className="media-library__header">
        <Heading id={titleId} className="panel__title">
          {title}
        </Heading>
        <div className="toolbar">
          <button type="button" className="btn" onClick={() => setDialog({ kind: 'newFolder' })}>
            {m('newFolder')}
          </button>
          <label className="btn btn--primary media-upload">
            <input type="file" multiple className="visually-hidden" onChange={handleFiles} />
            {m('uploadFiles')}
          </label>
        </div>
      </header>
      {listing.data ? (
        <div className="media-library__bar">
          <MediaNavigation listing={listing.data} onOpen={handleOpen} />
          <MediaUsage usage={listing.data.usage} />
        </div>
      ) : null}
      <ErrorAlert text={failure} />
      <UploadList uploads={uploads.uploads} onDismiss={uploads.dismiss} />
      <QueryState query={listing}>
        {(data) => (
          <MediaGrid
            listing={data}
            busyId={deletes.busyId}
            onOpenFolder={handleOpen}
            onDeleteFolder={(folder) => {
              setFailure(null);
              deletes.removeFolder(folder);
            }}
            onEditDescription={(file) => setDialog({ kind: 'description', file })}
            onCopyUrl={(file) =>
              void copy(new URL(file.url, window.location.href).href, m('urlCopied'))
            }
            onCopyCode={(file) =>
              void copy(file.unique_code, m('codeCopied', { code: file.unique_code }))
            }
            onDelete={(file) => {
              setFailure(null);
              deletes.removeFile(file);
            }}
          />
        )}
      </QueryState>
      {listing.isError && folderId !== null ? (
        <button type="button" className="btn media-library__home" onClick={() => handleOpen(null)}>
          {m('home')}
        </button>
      ) : null}
      {dialog?.kind === 'newFolder' ? (
        <NewFolderDialog
          library={library}
          parentFolderId={folderId}
          onClose={closeDialog}
          onCreated={() => succeed(m('folderCreated'))}
        />
      ) : null}
      {dialog?.kind === 'description' ? (
        <DescriptionDialog
          library={library}
          file={dialog.file}
          onClose={closeDialog}
          onSaved={() => succeed(m('descriptionSaved'))}
        />
      ) : null}
      {dialog?.kind === 'inUse' ? (
        <FileInUseDialog
          file={dialog.file}
          reason={dialog.reason}
          isPending={deletes.isForcing}
          onClose={closeDialog}
          onForce={() => deletes.forceRemoveFile(dialog.file)}
        />
      ) : null}
    </section>
  );
}
