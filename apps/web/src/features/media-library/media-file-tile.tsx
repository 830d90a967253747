import type { MediaFile } from '@tappa/contracts';
import { Icon } from '../../components/line-icon';
import { formatFileSize } from '../../lib/file-size';
import { useTranslation } from '../../lib/i18n';
import { mediaKindOf } from './media-kind';

/** What can be done with a file from its tile. */
export interface MediaFileActions {
  onEditDescription: (file: MediaFile) => void;
  onCopyUrl: (file: MediaFile) => void;
  onCopyCode: (file: MediaFile) => void;
  onDelete: (file: MediaFile) => void;
}

/** Props of `MediaFileTile`. */
export interface MediaFileTileProps extends MediaFileActions {
  file: MediaFile;
  /** A deletion of this file is under way. */
  isBusy: boolean;
}

/**
 * A file of the grid: its thumbnail (images) or type icon, its name (a link opening the file),
 * size and code, its description with an edit button, Copy URL, Copy Code and delete.
 */
export function MediaFileTile({ file, isBusy, ...actions }: MediaFileTileProps) {
  const { t, i18n } = useTranslation(undefined, { keyPrefix: 'media' });
  const kind = mediaKindOf(file.mime_type);
  const { filename } = file;
  return (
    <article className="media-tile media-tile--file" aria-label={filename}>
      <div className="media-tile__preview">
        {file.thumb_url ? (
          <img src={file.thumb_url} alt={file.description ?? filename} loading="lazy" />
        ) : (
          <span className="media-tile__icon" role="img" aria-label={t(`fileTypes.${kind}`)}>
            <Icon name={kind === 'other' ? 'file' : kind} size={40} strokeWidth={1.5} />
          </span>
        )}
      </div>
      <a
        className="media-tile__name"
        href={file.url}
        target="_blank"
        rel="noreferrer"
        title={filename}
        data-tile-focus
      >
        {filename}
      </a>
      <p className="media-tile__meta">
        {formatFileSize(file.size_bytes, i18n.language)} · {t('code', { code: file.unique_code })}
      </p>
      <div className="media-tile__description">
        <p className={file.description ? undefined : 'muted'}>
          {file.description ?? t('noDescription')}
        </p>
        <button
          type="button"
          className="btn btn--small btn--ghost"
          aria-label={t('editDescriptionOf', { filename })}
          title={t('editDescription')}
          onClick={() => actions.onEditDescription(file)}
        >
          <Icon name="edit" size={16} />
        </button>
      </div>
      <div className="media-tile__actions">
        <button
          type="button"
          className="btn btn--small"
          aria-label={t('copyUrlOf', { filename })}
          onClick={() => actions.onCopyUrl(file)}
        >
          {t('copyUrl')}
        </button>
        <button
          type="button"
          className="btn btn--small"
          aria-label={t('copyCodeOf', { filename })}
          onClick={() => actions.onCopyCode(file)}
        >
          {t('copyCode')}
        </button>
        <button
          type="button"
          className="btn btn--small btn--ghost btn--danger"
          aria-label={t('deleteFile', { filename })}
          title={t('delete')}
          disabled={isBusy}
          onClick={() => actions.onDelete(file)}
        >
          <Icon name="trash" size={16} />
        </button>
      </div>
    </article>
  );
}
