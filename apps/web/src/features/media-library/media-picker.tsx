import type { MediaFile } from '@tappa/contracts';
import { useState } from 'react';
import { type MediaLibrary, useMediaListing } from '../../api/media-library';
import { Icon } from '../../components/line-icon';
import type { MediaPickerProps } from '../../components/media-picker-slot';
import { Modal } from '../../components/modal';
import { QueryState } from '../../components/query-state';
import { useTranslation } from '../../lib/i18n';
import { mediaKindOf } from './media-kind';
import { MediaNavigation } from './media-navigation';
import './media-library.css';

/** Props of `MediaPicker`. */
export interface TenantMediaPickerProps extends MediaPickerProps {
  tenantSlug: string;
}

/** A file a step can show: an image, an audio clip or a video. */
const isStepMedia = (file: MediaFile) => mediaKindOf(file.mime_type) !== 'other';

/**
 * A dialog to choose a step's image, audio or video from the tenant's library or the global one
 * (issue 15): folders to browse, files to pick; other files are not offered.
 */
export function MediaPicker({ tenantSlug, onPick, onClose }: TenantMediaPickerProps) {
  const { t } = useTranslation(undefined, { keyPrefix: 'media.picker' });
  const [scope, setScope] = useState<'tenant' | 'global'>('tenant');
  const [folderId, setFolderId] = useState<string | null>(null);
  const library: MediaLibrary =
    scope === 'tenant'
      ? { kind: 'tenant', tenantSlug }
      : { kind: 'global', readerSlug: tenantSlug };
  const listing = useMediaListing(library, folderId);

  function choose(next: 'tenant' | 'global') {
    setScope(next);
    setFolderId(null);
  }

  return (
    <Modal title={t('title')} closeLabel={t('close')} size="large" onClose={onClose}>
      <div className="media-picker">
        <div className="media-picker__scopes" role="group" aria-label={t('libraries')}>
          {(['tenant', 'global'] as const).map((option) => (
            <button
              key={option}
              type="button"
              className="btn btn--small"
              aria-pressed={scope === option}
              onClick={() => choose(option)}
            >
              {t(option)}
            </button>
          ))}
        </div>
        <QueryState query={listing}>
          {(data) => {
            const files = data.files.filter(isStepMedia);
            return (
              <>
                <MediaNavigation listing={data} onOpen={setFolderId} />
                {data.folders.length === 0 && files.length === 0 ? (
                  <p className="muted">{t('nothing')}</p>
                ) : (
                  <ul className="media-picker__list">
                    {data.folders.map((folder) => (
                      <li key={folder.id}>
                        <button
                          type="button"
                          className="media-picker__item"
                          onClick={() => setFolderId(folder.id)}
                        >
                          <Icon name="folder" />
                          <span>{folder.name}</span>
                        </button>
                      </li>
                    ))}
                    {files.map((file) => {
                      const kind = t(`kinds.${mediaKindOf(file.mime_type)}`);
                      return (
                        <li key={file.id}>
                          <button
                            type="button"
                            className="media-picker__item"
                            aria-label={t('pick', { filename: file.filename, kind })}
                            onClick={() => onPick(file)}
                          >
                            {file.thumb_url ? (
                              <img className="media-picker__thumb" src={file.thumb_url} alt="" />
                            ) : (
                              <Icon name="file" />
                            )}
                            <span>{file.filename}</span>
                            {/* A space between (unseen in the flex row): the text reads as words. */}{' '}
                            <span className="muted">{kind}</span>
                          </button>
                        </li>
                      );
                    })}
                  </ul>
                )}
              </>
            );
          }}
        </QueryState>
      </div>
    </Modal>
  );
}
