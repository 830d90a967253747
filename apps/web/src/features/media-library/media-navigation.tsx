import type { MediaListing } from '@tappa/contracts';
import { Icon } from '../../components/line-icon';
import { useTranslation } from '../../lib/i18n';

/** Props of `MediaNavigation`. */
export interface MediaNavigationProps {
  listing: MediaListing;
  /** Opens a folder (null: the library's root). */
  onOpen: (folderId: string | null) => void;
}

/**
 * The library's home and back buttons and the path of the folder shown (`/ Roma / Audio`), each
 * folder of the path a button that opens it (the last one is where we are).
 */
export function MediaNavigation({ listing, onOpen }: MediaNavigationProps) {
  const { t } = useTranslation(undefined, { keyPrefix: 'media' });
  const isRoot = listing.folder === null;
  const crumbs = listing.breadcrumbs;
  return (
    <nav className="media-nav" aria-label={t('path')}>
      <button
        type="button"
        className="btn btn--small btn--ghost"
        aria-label={t('home')}
        title={t('home')}
        disabled={isRoot}
        onClick={() => onOpen(null)}
      >
        <Icon name="home" />
      </button>
      <button
        type="button"
        className="btn btn--small btn--ghost"
        aria-label={t('back')}
        title={t('back')}
        disabled={isRoot}
        onClick={() => onOpen(listing.folder?.parent_folder_id ?? null)}
      >
        <Icon name="back" />
      </button>
      <ol className="media-nav__path">
        {/* The root: the home button opens it. */}
        <li>{isRoot ? <span aria-current="location">/</span> : <span>/</span>}</li>
        {crumbs.map((crumb, index) => (
          <li key={crumb.id}>
            {index === crumbs.length - 1 ? (
              <span aria-current="location">{crumb.name}</span>
            ) : (
              <button type="button" className="link-button" onClick={() => onOpen(crumb.id)}>
                {crumb.name}
              </button>
            )}
          </li>
        ))}
      </ol>
    </nav>
  );
}
