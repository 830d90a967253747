/** SVG paths of the small line icons (24×24, stroked), so no emoji font is needed. */
const PATHS = {
  image: 'M4 5h16v14H4z M4 16l5-5 4 4 3-3 4 4 M15.5 9.5h.01',
  audio: 'M4 14v-2a8 8 0 0 1 16 0v2 M4 14h3v5H4z M17 14h3v5h-3z',
  video: 'M3 6h12v12H3z M15 10l6-3v10l-6-3',
  clock: 'M12 3a9 9 0 1 0 0 18a9 9 0 1 0 0-18 M12 7v5l3 2',
  chevron: 'M9 5l7 7-7 7',
  back: 'M15 5l-7 7 7 7',
  home: 'M3 11.5 12 4l9 7.5M5.5 9.5V20h13V9.5',
  exit: 'M14 4h4a2 2 0 0 1 2 2v12a2 2 0 0 1-2 2h-4M10 16l-4-4 4-4M6 12h10',
  copy: 'M9 9h11v11H9z M5 15H4V4h11v1',
  check: 'M5 12.5l4.5 4.5L19 7',
  trash: 'M4 7h16 M10 11v6 M14 11v6 M6 7l1 13h10l1-13 M9 7V4h6v3',
  file: 'M6 3h8l4 4v14H6z M14 3v4h4',
  folder: 'M3 6h6l2 2h10v11H3z',
  edit: 'M4 20h4L19 9l-4-4L4 16z M13 7l4 4',
} as const;

/** Props of `Icon`. */
export interface IconProps {
  name: keyof typeof PATHS;
  /** Width and height in pixels. */
  size?: number;
  strokeWidth?: number;
}

/** A decorative line icon in the current text colour (the control around it carries the name). */
export function Icon({ name, size = 18, strokeWidth = 2 }: IconProps) {
  return (
    <svg
      className="icon"
      viewBox="0 0 24 24"
      width={size}
      height={size}
      aria-hidden="true"
      focusable="false"
    >
      <path
        d={PATHS[name]}
        fill="none"
        stroke="currentColor"
        strokeWidth={strokeWidth}
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}
