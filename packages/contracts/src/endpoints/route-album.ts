import type { AlbumSummary } from '../albums';
import { endpoint, shape } from '../endpoint';

const ALBUM = '/api/tenants/:slug/routes/:routeId/album';

/**
 * A route's photo album for its staff (decision 0082): every stored photo of the route's games,
 * one folder per team, as a ZIP.
 */
export const routeAlbum = {
  /** What the ZIP will hold; `album_empty` or `album_too_large` as the download would. */
  summary: endpoint({
    method: 'GET',
    path: ALBUM,
    access: 'tenant-staff',
    policy: 'staff',
    response: shape<AlbumSummary>(),
  }),
  /** The album as a ZIP (a file, streamed). */
  zip: endpoint({ method: 'GET', path: `${ALBUM}.zip`, access: 'tenant-staff', policy: 'staff' }),
};
