import { type AlbumSummary, routeAlbum, urlOf } from '@tappa/contracts';
import { apiCall } from '../lib/api-client';

/**
 * What the route's photo album will hold (decision 0082); refused as its download would be
 * (`album_empty`, `album_too_large`), so the console can say why before the browser saves anything.
 */
export function fetchRouteAlbumSummary(slug: string, routeId: string): Promise<AlbumSummary> {
  return apiCall(routeAlbum.summary, { params: { slug, routeId } });
}

/** Where the route's album is downloaded: a ZIP the browser saves as it streams. */
export function routeAlbumUrl(slug: string, routeId: string): string {
  return urlOf(routeAlbum.zip, { slug, routeId });
}
