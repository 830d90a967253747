/** Build-time settings read by the maps (components/map). */
interface ImportMetaEnv {
  /** Tile URL template of the map (`{z}/{x}/{y}`); OpenStreetMap when unset. */
  readonly VITE_MAP_TILE_URL?: string;
}
