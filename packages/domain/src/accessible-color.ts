// Accessible shades of a brand colour (decision 0040): WCAG 2 contrast, hue kept.

/** A colour as 0–255 sRGB channels. */
export interface Rgb {
  r: number;
  g: number;
  b: number;
}

/** WCAG AA: normal text on its background. */
export const TEXT_CONTRAST = 4.5;
/** WCAG AA: borders, focus rings and other non-text parts. */
export const UI_CONTRAST = 3;

export const WHITE: Rgb = { r: 255, g: 255, b: 255 };
/** The near-black text of the app (`--color-text`), used on light brand colours. */
export const INK: Rgb = { r: 15, g: 23, b: 42 };
/** The player and admin page background (`--color-background`). */
const PAGE_BACKGROUND: Rgb = { r: 241, g: 245, b: 249 };
/** The darkest brand tint text sits on (`color-mix(brand 16%, white)`; the CSS uses up to 15%). */
const TINT_SHARE = 0.16;
/**
 * How much darker (in relative luminance) a brand colour may become to carry white text before it
 * keeps its own colour and takes near-black text instead: blue #3B82F6 darkens a little, yellow
 * #FACC15 would turn olive, so it keeps its yellow.
 */
const MAX_DARKENING = 0.1;

/** `#rrggbb` (any case) as channels; undefined for anything else. */
export function parseHexColor(hex: string): Rgb | undefined {
  if (!/^#[0-9a-f]{6}$/i.test(hex)) return undefined;
  const value = parseInt(hex.slice(1), 16);
  return { r: value >> 16, g: (value >> 8) & 255, b: value & 255 };
}

/** Channels as lower-case `#rrggbb`. */
export function toHexColor({ r, g, b }: Rgb): string {
  // The leading 1 keeps the zeros of a small red channel; slice drops it.
  return `#${(0x1000000 | (r << 16) | (g << 8) | b).toString(16).slice(1)}`;
}

function linearChannel(channel: number): number {
  const c = channel / 255;
  return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
}

/** WCAG 2 relative luminance, 0 (black) to 1 (white). */
export function relativeLuminance({ r, g, b }: Rgb): number {
  return 0.2126 * linearChannel(r) + 0.7152 * linearChannel(g) + 0.0722 * linearChannel(b);
}

/** WCAG 2 contrast ratio of two colours, 1 to 21. */
export function contrastRatio(a: Rgb, b: Rgb): number {
  const [first, second] = [relativeLuminance(a) + 0.05, relativeLuminance(b) + 0.05];
  return first > second ? first / second : second / first;
}

/** `color` moved `share` (0–1) of the way towards `target` in sRGB, rounded to whole channels. */
export function mixColors(color: Rgb, target: Rgb, share: number): Rgb {
  const mix = (from: number, to: number) => Math.round(from + (to - from) * share);
  return { r: mix(color.r, target.r), g: mix(color.g, target.g), b: mix(color.b, target.b) };
}

/**
 * The shade of `color` nearest to it that reaches `minRatio` against every one of `backgrounds`:
 * the colour itself when it already does, else the colour mixed towards black (on light
 * backgrounds) or white (on dark ones) just enough. Mixing with black keeps the hue exactly;
 * when neither direction can reach the ratio, the extreme (black or white) with more contrast.
 */
export function shadeForContrast(color: Rgb, backgrounds: Rgb[], minRatio: number): Rgb {
  const worst = (candidate: Rgb) =>
    Math.min(...backgrounds.map((background) => contrastRatio(candidate, background)));
  if (worst(color) >= minRatio) return color;
  const black: Rgb = { r: 0, g: 0, b: 0 };
  const target = worst(black) >= worst(WHITE) ? black : WHITE;
  if (worst(target) < minRatio) return target;
  // Bisection over the share of the target; `high` always reaches the ratio.
  let [low, high] = [0, 1];
  for (let step = 0; step < 24; step += 1) {
    const middle = (low + high) / 2;
    if (worst(mixColors(color, target, middle)) >= minRatio) high = middle;
    else low = middle;
  }
  return mixColors(color, target, high);
}

/** The CSS colours of one brand colour, each meeting its WCAG AA ratio. */
export interface AccessibleShades {
  /** Background of buttons, badges and headers that carry text. */
  fill: string;
  /** The text on `fill` (white or near-black), ≥ 4.5:1. */
  onFill: string;
  /** `fill` when hovered, with at least as much contrast with `onFill`. */
  fillHover: string;
  /** Brand-coloured text and links on white, the page background and light brand tints, ≥ 4.5:1. */
  text: string;
  /** Borders, focus rings and selected outlines on white, ≥ 3:1. */
  line: string;
}

/**
 * A brand colour's accessible shades. Buttons keep white text when the brand colour needs only a
 * little darkening for it, otherwise they keep the brand colour and take near-black text.
 */
export function accessibleShades(brand: Rgb): AccessibleShades {
  const forWhiteText = shadeForContrast(brand, [WHITE], TEXT_CONTRAST);
  const darkening = relativeLuminance(brand) - relativeLuminance(forWhiteText);
  const keepsWhiteText = darkening <= MAX_DARKENING || contrastRatio(brand, INK) < TEXT_CONTRAST;
  const fill = keepsWhiteText ? forWhiteText : brand;
  const onFill = keepsWhiteText ? WHITE : INK;
  // Hover moves away from the text colour, so its contrast only grows.
  const fillHover = mixColors(fill, keepsWhiteText ? { r: 0, g: 0, b: 0 } : WHITE, 0.15);
  const lightBackgrounds = [WHITE, PAGE_BACKGROUND, mixColors(WHITE, brand, TINT_SHARE)];
  return {
    fill: toHexColor(fill),
    onFill: toHexColor(onFill),
    fillHover: toHexColor(fillHover),
    text: toHexColor(shadeForContrast(brand, lightBackgrounds, TEXT_CONTRAST)),
    line: toHexColor(shadeForContrast(brand, [WHITE], UI_CONTRAST)),
  };
}
