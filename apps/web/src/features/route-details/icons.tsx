import type { RouteDetails } from '@tappa/contracts';

/** A kind of media a place's step shows. */
export type MediaType = RouteDetails['places'][number]['media_types'][number];

/** SVG paths of the small line icons (24×24, stroked), so no emoji font is needed. */
const PATHS = {
  image: 'M4 5h16v14H4z M4 16l5-5 4 4 3-3 4 4 M15.5 9.5h.01',
  audio: 'M4 14v-2a8 8 0 0 1 16 0v2 M4 14h3v5H4z M17 14h3v5h-3z',
  video: 'M3 6h12v12H3z M15 10l6-3v10l-6-3',
  clock: 'M12 3a9 9 0 1 0 0 18a9 9 0 1 0 0-18 M12 7v5l3 2',
  chevron: 'M9 5l7 7-7 7',
} as const;

/** A decorative line icon in the current text colour. */
export function Icon({ name }: { name: keyof typeof PATHS }) {
  return (
    <svg
      className="icon"
      viewBox="0 0 24 24"
      width="18"
      height="18"
      aria-hidden="true"
      focusable="false"
    >
      <path
        d={PATHS[name]}
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}
