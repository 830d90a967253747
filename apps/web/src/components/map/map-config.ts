/** OpenStreetMap's standard tile server. */
export const OSM_TILE_URL = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';

/** Tile URL template of the map: `VITE_MAP_TILE_URL` when set at build time, else OpenStreetMap. */
export const MAP_TILE_URL: string = import.meta.env.VITE_MAP_TILE_URL || OSM_TILE_URL;

/** Attribution the tile licence requires (HTML, rendered by Leaflet). */
export const MAP_ATTRIBUTION =
  '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors';

/** Where the map opens when the route has no placed step yet (Italy). */
export const DEFAULT_CENTER: [number, number] = [42.5, 12.5];

/** Zoom of the map when it opens on `DEFAULT_CENTER`. */
export const DEFAULT_ZOOM = 6;

/** Closest zoom used when fitting the map to the route's pins. */
export const FIT_MAX_ZOOM = 17;

/** Padding, in pixels, around the route's pins when the map is fitted to them. */
export const FIT_PADDING: [number, number] = [32, 32];

/** Zoom the map comes to (at least) when it centres on typed coordinates: a street's level. */
export const POINT_ZOOM = 16;
