import {
  normalizeSlug,
  ROUTE_TITLE_MAX_LENGTH,
  TEAM_NAME_MAX_LENGTH,
  TENANT_NAME_MAX_LENGTH,
} from '@tappa/domain';

// The share image of a team's results (issue 38, decision 0088): a square PNG drawn on a canvas in
// the browser from the team's own data, so the server renders nothing. The layout is a pure
// function of its inputs (`shareImageLayout`); names are cut to their limits and drawn with
// `fillText`, never as markup.

/** The side of the share image, in pixels: a square that the social apps show whole. */
export const SHARE_IMAGE_SIZE_PX = 1080;

/** The image's font: the page's own stack. */
const FONT_FAMILY = "system-ui, -apple-system, 'Segoe UI', Roboto, Arial, sans-serif";
/** The widest a line of text may be: the side less a margin each side. */
const TEXT_WIDTH_PX = SHARE_IMAGE_SIZE_PX - 2 * 80;
/** The box the tenant's logo is fitted in, and its top. */
const LOGO_BOX = { widthPx: 420, heightPx: 200, topPx: 96 };
/** The brand's accent bands at the top and the bottom. */
const BAND_PX = 28;
/** A font shrinks by this much at a time until its text fits. */
const FONT_STEP_PX = 4;

/** The brand colours the image is drawn in. */
export interface ShareImageColors {
  /** The background: the primary colour's accessible fill. */
  background: string;
  /** Text on the background (its accessible pair). */
  text: string;
  /** Decoration: the bands and the rule (the secondary colour). */
  accent: string;
}

/** The tenant's logo, loaded, with its natural size. */
export interface ShareLogo {
  image: CanvasImageSource;
  widthPx: number;
  heightPx: number;
}

/** Everything the image shows: nothing but the team's own results and the tenant's brand. */
export interface ShareImageInput {
  /** The tenant's name: drawn where the logo goes when there is none. */
  tenantName: string;
  teamName: string;
  routeTitle: string;
  /** The team's place on the route's ranking; null without one. */
  position: number | null;
  /** The final score; null on a route that is not scored (exploration). */
  score: number | null;
  colors: ShareImageColors;
  logo: ShareLogo | null;
  /** The words beside the figures, in the page's language. */
  labels: { position: string; score: string; completed: string };
}

/** How wide `text` is in `font` (a canvas's `measureText`, or a stand-in in tests). */
export type MeasureText = (text: string, font: string) => number;

/** One drawing operation of the image. */
export type DrawOp =
  | { kind: 'rect'; x: number; y: number; width: number; height: number; color: string }
  | { kind: 'text'; text: string; x: number; y: number; font: string; color: string }
  | { kind: 'logo'; x: number; y: number; width: number; height: number };

/** `text` on one line (controls and runs of spaces as one space), at most `maxChars` characters. */
export function boundedText(text: string, maxChars: number): string {
  const line = text.replace(/[\p{Cc}\p{Zl}\p{Zp}\s]+/gu, ' ').trim();
  // Characters are code points: an emoji is never cut in half.
  return Array.from(line).slice(0, maxChars).join('').trim();
}

/** The font string of a weight and size. */
const fontOf = (weight: number, sizePx: number) => `${weight} ${sizePx}px ${FONT_FAMILY}`;
/** The size in a font string of `fontOf`. */
const sizeOfFont = (font: string) => Number(/(\d+)px/.exec(font)?.[1] ?? 0);

/**
 * The largest font between `maxSizePx` and `minSizePx` in which `text` fits `maxWidthPx`; at the
 * smallest, the text is cut with '…' until it fits.
 */
export function fitText(
  text: string,
  opts: {
    measure: MeasureText;
    maxWidthPx: number;
    maxSizePx: number;
    minSizePx: number;
    weight: number;
  },
): { text: string; font: string } {
  for (let size = opts.maxSizePx; size >= opts.minSizePx; size -= FONT_STEP_PX) {
    const font = fontOf(opts.weight, size);
    if (opts.measure(text, font) <= opts.maxWidthPx) return { text, font };
  }
  const font = fontOf(opts.weight, opts.minSizePx);
  const chars = Array.from(text);
  while (chars.length > 0) {
    const cut = `${chars.join('').trimEnd()}…`;
    if (opts.measure(cut, font) <= opts.maxWidthPx) return { text: cut, font };
    chars.pop();
  }
  return { text: '', font };
}

/** `words` broken greedily into lines of at most `maxWidthPx`; null when a word alone is wider. */
function breakLines(words: string[], font: string, measure: MeasureText, maxWidthPx: number) {
  const lines: string[] = [];
  for (const word of words) {
    if (measure(word, font) > maxWidthPx) return null;
    const last = lines.at(-1);
    const joined = last === undefined ? word : `${last} ${word}`;
    if (last !== undefined && measure(joined, font) <= maxWidthPx) lines[lines.length - 1] = joined;
    else lines.push(word);
  }
  return lines;
}

/**
 * `fitText` over at most `maxLines` lines: the largest font in which the words fit that many
 * lines; at the smallest, the first lines as they break and the rest cut with '…' on the last.
 */
export function fitLines(
  text: string,
  opts: Parameters<typeof fitText>[1] & { maxLines: number },
): { lines: string[]; font: string; isCut: boolean } {
  const words = text.split(' ').filter(Boolean);
  for (let size = opts.maxSizePx; size >= opts.minSizePx; size -= FONT_STEP_PX) {
    const font = fontOf(opts.weight, size);
    const lines = breakLines(words, font, opts.measure, opts.maxWidthPx);
    if (lines && lines.length <= opts.maxLines) return { lines, font, isCut: false };
  }
  const font = fontOf(opts.weight, opts.minSizePx);
  const lines = (breakLines(words, font, opts.measure, opts.maxWidthPx) ?? []).slice(
    0,
    opts.maxLines - 1,
  );
  const kept = lines.join(' ').split(' ').filter(Boolean).length;
  const last = fitText(words.slice(kept).join(' '), { ...opts, maxSizePx: opts.minSizePx });
  return { lines: last.text ? [...lines, last.text] : lines, font, isCut: true };
}

/** The download's file name: `tappa-<team>.png`, the team's name as a slug (ASCII only). */
export function shareFileName(teamName: string): string {
  const slug = normalizeSlug(boundedText(teamName, TEAM_NAME_MAX_LENGTH)).slice(0, 60);
  return `tappa-${slug.replace(/-$/, '') || 'squadra'}.png`;
}

/** The logo fitted in its box, centred, never enlarged past its natural size. */
function logoOp(logo: ShareLogo): DrawOp | null {
  if (logo.widthPx <= 0 || logo.heightPx <= 0) return null;
  const scale = Math.min(LOGO_BOX.widthPx / logo.widthPx, LOGO_BOX.heightPx / logo.heightPx, 1);
  const width = Math.round(logo.widthPx * scale);
  const height = Math.round(logo.heightPx * scale);
  const top = LOGO_BOX.topPx + Math.round((LOGO_BOX.heightPx - height) / 2);
  return { kind: 'logo', x: Math.round((SHARE_IMAGE_SIZE_PX - width) / 2), y: top, width, height };
}

/** The figures at the bottom: place and score side by side, or what there is of them. */
function figureColumns(input: ShareImageInput): { label: string; value: string }[] {
  const { labels } = input;
  if (input.score === null) return [{ label: labels.completed, value: '✓' }];
  const score = { label: labels.score, value: String(input.score) };
  if (input.position === null) return [score];
  return [{ label: labels.position, value: `#${input.position}` }, score];
}

/**
 * The image's drawing operations in order, with every text fitted to its width: the background
 * and bands, the logo, the team's name, the route's title, a rule, and the figures.
 */
export function shareImageLayout(input: ShareImageInput, measure: MeasureText): DrawOp[] {
  const size = SHARE_IMAGE_SIZE_PX;
  const { colors } = input;
  const centre = size / 2;
  const ops: DrawOp[] = [
    { kind: 'rect', x: 0, y: 0, width: size, height: size, color: colors.background },
    { kind: 'rect', x: 0, y: 0, width: size, height: BAND_PX, color: colors.accent },
    { kind: 'rect', x: 0, y: size - BAND_PX, width: size, height: BAND_PX, color: colors.accent },
  ];
  const logo = input.logo && logoOp(input.logo);
  if (logo) ops.push(logo);
  else {
    const tenant = fitText(boundedText(input.tenantName, TENANT_NAME_MAX_LENGTH), {
      measure,
      maxWidthPx: TEXT_WIDTH_PX,
      maxSizePx: 64,
      minSizePx: 36,
      weight: 700,
    });
    if (tenant.text) ops.push({ kind: 'text', ...tenant, x: centre, y: 220, color: colors.text });
  }
  const line = (
    text: string,
    y: number,
    fit: { maxSizePx: number; minSizePx: number; weight: number },
  ) => {
    const fitted = fitText(text, { measure, maxWidthPx: TEXT_WIDTH_PX, ...fit });
    if (fitted.text) ops.push({ kind: 'text', ...fitted, x: centre, y, color: colors.text });
  };
  // The team's name on one line, or two smaller ones when it is long, above the route's title.
  const teamName = boundedText(input.teamName, TEAM_NAME_MAX_LENGTH);
  const fitName = (maxLines: number, maxSizePx: number, minSizePx: number) =>
    fitLines(teamName, {
      measure,
      maxWidthPx: TEXT_WIDTH_PX,
      weight: 800,
      maxLines,
      maxSizePx,
      minSizePx,
    });
  const oneLine = fitName(1, 120, 72);
  const name = oneLine.isCut ? fitName(2, 96, 56) : oneLine;
  const lineHeightPx = Math.round(sizeOfFont(name.font) * 1.15);
  name.lines.forEach((text, i) => {
    const y = 500 - (name.lines.length - 1 - i) * lineHeightPx;
    ops.push({ kind: 'text', text, font: name.font, x: centre, y, color: colors.text });
  });
  line(boundedText(input.routeTitle, ROUTE_TITLE_MAX_LENGTH), 590, {
    maxSizePx: 56,
    minSizePx: 32,
    weight: 600,
  });
  ops.push({ kind: 'rect', x: 140, y: 650, width: size - 280, height: 6, color: colors.accent });
  const columns = figureColumns(input);
  const columnWidth = TEXT_WIDTH_PX / columns.length;
  columns.forEach((column, i) => {
    const x = 80 + columnWidth * (i + 0.5);
    const label = fitText(column.label, {
      measure,
      maxWidthPx: columnWidth - 20,
      maxSizePx: 44,
      minSizePx: 28,
      weight: 600,
    });
    ops.push({ kind: 'text', ...label, x, y: 760, color: colors.text });
    const value = fitText(column.value, {
      measure,
      maxWidthPx: columnWidth - 20,
      maxSizePx: 180,
      minSizePx: 64,
      weight: 800,
    });
    ops.push({ kind: 'text', ...value, x, y: 930, color: colors.text });
  });
  return ops;
}

/** Draws the image on a canvas of SHARE_IMAGE_SIZE_PX × SHARE_IMAGE_SIZE_PX. */
export function drawShareImage(ctx: CanvasRenderingContext2D, input: ShareImageInput): void {
  const measure: MeasureText = (text, font) => {
    ctx.font = font;
    return ctx.measureText(text).width;
  };
  ctx.textAlign = 'center';
  ctx.textBaseline = 'alphabetic';
  for (const op of shareImageLayout(input, measure)) {
    switch (op.kind) {
      case 'rect':
        ctx.fillStyle = op.color;
        ctx.fillRect(op.x, op.y, op.width, op.height);
        break;
      case 'text':
        ctx.font = op.font;
        ctx.fillStyle = op.color;
        // Text, never markup; the width bound again, should a font measure otherwise.
        ctx.fillText(op.text, op.x, op.y, TEXT_WIDTH_PX);
        break;
      case 'logo':
        if (input.logo) ctx.drawImage(input.logo.image, op.x, op.y, op.width, op.height);
        break;
    }
  }
}
