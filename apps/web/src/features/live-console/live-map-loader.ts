import { lazyPage } from '../../lib/lazy-page';

/**
 * The console's map, with Leaflet, in a chunk of its own: loaded when 'Mappa' opens, or before
 * (`preload`) when a route asks for positions. Once preloaded it opens without suspending, so
 * without React's 300 ms hold on the spinner.
 */
export const LiveMapPanel = lazyPage(() => import('./live-map-panel'));
