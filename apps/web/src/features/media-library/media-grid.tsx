import type { MediaFolder, MediaListing } from '@tappa/contracts';
import type { KeyboardEvent } from 'react';
import { Icon } from '../../components/line-icon';
import { useTranslation } from '../../lib/i18n';
import { type MediaFileActions, MediaFileTile } from './media-file-tile';

/** Props of `MediaGrid`. */
export interface MediaGridProps extends MediaFileActions {
  listing: MediaListing;
  onOpenFolder: (folderId: string) => void;
  onDeleteFolder: (folder: MediaFolder) => void;
  /** The folder or file being deleted, if any. */
  busyId: string | null;
}

/** How many tiles the arrow keys move by: one sideways, a row's worth up and down. */
function arrowStep(key: string, columns: number): number {
  switch (key) {
    case 'ArrowLeft':
      return -1;
    case 'ArrowRight':
      return 1;
    case 'ArrowUp':
      return -columns;
    case 'ArrowDown':
      return columns;
    default:
      return 0;
  }
}

/** The number of tiles on the grid's first row (as laid out now). */
function columnsOf(tiles: HTMLElement[]): number {
  const top = tiles[0]?.offsetTop ?? 0;
  return Math.max(1, tiles.filter((tile) => tile.offsetTop === top).length);
}

/**
 * The folders, then the files, of the folder shown, or 'This folder is empty'. Tab goes through
 * every control; the arrow keys (and Home/End) move between tiles, as in a grid.
 */
export function MediaGrid({
  listing,
  onOpenFolder,
  onDeleteFolder,
  busyId,
  ...fileActions
}: MediaGridProps) {
  const { t } = useTranslation(undefined, { keyPrefix: 'media' });
  const { folders, files } = listing;
  if (folders.length === 0 && files.length === 0) {
    return <p className="media-empty muted">{t('empty')}</p>;
  }

  function handleKeyDown(event: KeyboardEvent<HTMLUListElement>) {
    const tiles = Array.from(event.currentTarget.children).filter(
      (child): child is HTMLElement => child instanceof HTMLElement,
    );
    const at = tiles.findIndex((tile) => tile.contains(event.target as Node));
    if (at < 0) return;
    const target =
      event.key === 'Home'
        ? 0
        : event.key === 'End'
          ? tiles.length - 1
          : at + arrowStep(event.key, columnsOf(tiles));
    if (target === at || target < 0 || target >= tiles.length) return;
    event.preventDefault();
    tiles[target]?.querySelector<HTMLElement>('[data-tile-focus]')?.focus();
  }

  return (
    <ul className="media-grid" aria-label={t('grid')} onKeyDown={handleKeyDown}>
      {folders.map((folder) => (
        <li key={folder.id}>
          <article className="media-tile media-tile--folder" aria-label={folder.name}>
            <button
              type="button"
              className="media-tile__open"
              aria-label={t('openFolder', { name: folder.name })}
              onClick={() => onOpenFolder(folder.id)}
              data-tile-focus
            >
              <Icon name="folder" size={40} strokeWidth={1.5} />
              <span className="media-tile__name">{folder.name}</span>
            </button>
            <button
              type="button"
              className="btn btn--small btn--ghost btn--danger media-tile__delete"
              aria-label={t('deleteFolder', { name: folder.name })}
              title={t('delete')}
              disabled={busyId === folder.id}
              onClick={() => onDeleteFolder(folder)}
            >
              <Icon name="trash" size={16} />
            </button>
          </article>
        </li>
      ))}
      {files.map((file) => (
        <li key={file.id}>
          <MediaFileTile file={file} isBusy={busyId === file.id} {...fileActions} />
        </li>
      ))}
    </ul>
  );
}
