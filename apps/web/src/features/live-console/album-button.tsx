import { useState } from 'react';
import { fetchRouteAlbumSummary, routeAlbumUrl } from '../../api/route-album';
import { toasts } from '../../lib/dialogs';
import { followDownload } from '../../lib/download';
import { errorText } from '../../lib/error-text';
import { formatFileSize } from '../../lib/file-size';
import { useTranslation } from '../../lib/i18n';

/**
 * 'Scarica album foto' (decision 0082): asks what the route's album holds, then lets the browser
 * save the ZIP as it streams (never held in the page); an album without photos, or too large for
 * a ZIP, is said in a toast instead.
 */
export function AlbumButton({ slug, routeId }: { slug: string; routeId: string }) {
  const { t, i18n } = useTranslation(undefined, { keyPrefix: 'liveConsole.route' });
  const { t: tAll } = useTranslation();
  const [isAsking, setIsAsking] = useState(false);

  async function download() {
    setIsAsking(true);
    try {
      const album = await fetchRouteAlbumSummary(slug, routeId);
      followDownload(routeAlbumUrl(slug, routeId));
      toasts.success(
        t('albumStarted', {
          count: album.photos,
          size: formatFileSize(album.bytes, i18n.language),
        }),
      );
    } catch (error) {
      toasts.error(errorText(error, tAll));
    } finally {
      setIsAsking(false);
    }
  }

  return (
    <button type="button" className="btn" disabled={isAsking} onClick={() => void download()}>
      {t('album')}
    </button>
  );
}
