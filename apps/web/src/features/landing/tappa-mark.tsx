/** Props of `TappaMark`. */
export interface TappaMarkProps {
  /** Rendered width and height in pixels. */
  size?: number;
}

/** Tappa's logo mark: a map pin over a dotted route (decorative, hidden from screen readers). */
export function TappaMark({ size = 40 }: TappaMarkProps) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 32 32"
      aria-hidden="true"
      focusable="false"
      className="tappa-mark"
    >
      <path
        d="M4 29c4-3 8-3 12-1s8 2 12-1"
        fill="none"
        stroke="var(--color-secondary)"
        strokeWidth="2"
        strokeLinecap="round"
        strokeDasharray="0.5 4"
      />
      <path
        d="M16 2c-5.2 0-9.4 4.1-9.4 9.3C6.6 18 16 26 16 26s9.4-8 9.4-14.7C25.4 6.1 21.2 2 16 2z"
        fill="var(--color-primary)"
      />
      <circle cx="16" cy="11.5" r="3.6" fill="#fff" />
    </svg>
  );
}
