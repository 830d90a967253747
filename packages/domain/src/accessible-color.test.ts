import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  accessibleShades,
  contrastRatio,
  INK,
  mixColors,
  parseHexColor,
  type Rgb,
  relativeLuminance,
  shadeForContrast,
  TEXT_CONTRAST,
  toHexColor,
  UI_CONTRAST,
  WHITE,
} from './accessible-color';

const BLACK: Rgb = { r: 0, g: 0, b: 0 };
const PAGE_BACKGROUND: Rgb = { r: 241, g: 245, b: 249 };
const channel = fc.integer({ min: 0, max: 255 });
const anyColor = fc.record({ r: channel, g: channel, b: channel });

function rgb(hex: string): Rgb {
  const parsed = parseHexColor(hex);
  if (!parsed) throw new Error(`not a colour: ${hex}`);
  return parsed;
}

/** HSV hue in degrees (undefined for greys), to check that shades keep the brand's hue. */
function hue({ r, g, b }: Rgb): number | undefined {
  const max = Math.max(r, g, b);
  const min = Math.min(r, g, b);
  if (max === min) return undefined;
  const d = max - min;
  const h = max === r ? ((g - b) / d + 6) % 6 : max === g ? (b - r) / d + 2 : (r - g) / d + 4;
  return h * 60;
}

describe('contrast ratio', () => {
  it('follows WCAG 2 on known pairs', () => {
    expect(contrastRatio(WHITE, BLACK)).toBeCloseTo(21, 5);
    expect(contrastRatio(WHITE, WHITE)).toBe(1);
    // The measurement: white on the default brand blue.
    expect(contrastRatio(WHITE, rgb('#3B82F6'))).toBeCloseTo(3.68, 2);
    expect(contrastRatio(rgb('#767676'), WHITE)).toBeCloseTo(4.54, 2);
    expect(relativeLuminance(rgb('#808080'))).toBeCloseTo(0.2159, 4);
  });

  it('is symmetric and between 1 and 21', () => {
    fc.assert(
      fc.property(anyColor, anyColor, (a, b) => {
        const ratio = contrastRatio(a, b);
        expect(ratio).toBe(contrastRatio(b, a));
        expect(ratio).toBeGreaterThanOrEqual(1);
        expect(ratio).toBeLessThanOrEqual(21);
      }),
    );
  });
});

describe('hex colours', () => {
  it('parses #rrggbb in any case and refuses anything else', () => {
    expect(parseHexColor('#3B82F6')).toEqual({ r: 59, g: 130, b: 246 });
    expect(parseHexColor('#3b82f6')).toEqual({ r: 59, g: 130, b: 246 });
    for (const bad of ['', '3B82F6', '#3B82F', '#GGGGGG', 'blue', 'rgb(0,0,0)', '#3B82F6FF'])
      expect(parseHexColor(bad)).toBeUndefined();
  });

  it('round-trips every colour', () => {
    fc.assert(
      fc.property(anyColor, (color) => {
        expect(parseHexColor(toHexColor(color))).toEqual(color);
      }),
    );
  });
});

describe('shade for contrast', () => {
  it('keeps a colour that already reaches the ratio', () => {
    expect(shadeForContrast(rgb('#1E3A8A'), [WHITE], TEXT_CONTRAST)).toEqual(rgb('#1E3A8A'));
  });

  it('reaches the ratio on light and on dark backgrounds, keeping the hue', () => {
    const dark = rgb('#0b1120');
    fc.assert(
      fc.property(anyColor, fc.constantFrom(WHITE, PAGE_BACKGROUND, dark), (color, background) => {
        const shade = shadeForContrast(color, [background], TEXT_CONTRAST);
        expect(contrastRatio(shade, background)).toBeGreaterThanOrEqual(TEXT_CONTRAST);
        const [before, after] = [hue(color), hue(shade)];
        // Mixing with black or white keeps the hue; only rounding to whole channels moves it,
        // by at most about 60° / chroma (the spread of the channels), so greys may drift.
        const chroma = Math.max(shade.r, shade.g, shade.b) - Math.min(shade.r, shade.g, shade.b);
        if (before !== undefined && after !== undefined && chroma >= 4) {
          const turn = Math.abs(before - after);
          expect(Math.min(turn, 360 - turn)).toBeLessThanOrEqual(1 + 120 / chroma);
        }
      }),
    );
  });

  it('changes a colour only as much as it must', () => {
    fc.assert(
      fc.property(anyColor, (color) => {
        const shade = shadeForContrast(color, [WHITE], TEXT_CONTRAST);
        if (shade === color) return;
        // One step less of black would fail: the shade is the lightest one that passes.
        const lighter = mixColors(shade, WHITE, 0.02);
        expect(contrastRatio(lighter, WHITE)).toBeLessThan(TEXT_CONTRAST + 0.25);
      }),
    );
  });
});

describe('accessible shades', () => {
  it('meet WCAG AA for every colour', () => {
    fc.assert(
      fc.property(anyColor, (brand) => {
        const shades = accessibleShades(brand);
        const [fill, onFill, hover, text, line] = [
          shades.fill,
          shades.onFill,
          shades.fillHover,
          shades.text,
          shades.line,
        ].map(rgb) as [Rgb, Rgb, Rgb, Rgb, Rgb];
        expect(contrastRatio(fill, onFill)).toBeGreaterThanOrEqual(TEXT_CONTRAST);
        expect(contrastRatio(hover, onFill)).toBeGreaterThanOrEqual(TEXT_CONTRAST);
        for (const background of [WHITE, PAGE_BACKGROUND, mixColors(WHITE, brand, 0.15)])
          expect(contrastRatio(text, background)).toBeGreaterThanOrEqual(TEXT_CONTRAST);
        expect(contrastRatio(line, WHITE)).toBeGreaterThanOrEqual(UI_CONTRAST);
        expect([toHexColor(WHITE), toHexColor(INK)]).toContain(shades.onFill);
      }),
      { numRuns: 2000 },
    );
  });

  it.each([
    // Default blue: darkened a little, white text stays.
    ['#3B82F6', { fill: '#3473db', onFill: '#ffffff', text: '#2f67c4', line: '#3b82f6' }],
    // Yellow: keeps its colour and takes near-black text; its text shade is a dark gold.
    ['#FACC15', { fill: '#facc15', onFill: '#0f172a', text: '#866e0b', line: '#b2910f' }],
    // Navy: already dark enough for everything.
    ['#1E3A8A', { fill: '#1e3a8a', onFill: '#ffffff', text: '#1e3a8a', line: '#1e3a8a' }],
  ])('%s', (brand, expected) => {
    expect(accessibleShades(rgb(brand))).toMatchObject(expected);
  });
});
