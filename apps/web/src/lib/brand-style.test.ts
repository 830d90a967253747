import { readFileSync } from 'node:fs';
import path from 'node:path';
import { accessibleShades, parseHexColor } from '@tappa/domain';
import { describe, expect, it } from 'vitest';
import { brandStyle } from './brand-style';

describe('brand style', () => {
  it("sets the brand's colours and their accessible shades as the CSS variables", () => {
    expect(brandStyle({ primary_color: '#FACC15', secondary_color: '#1E3A8A' })).toEqual({
      '--color-primary': '#FACC15',
      '--color-primary-fill': '#facc15',
      '--color-on-primary': '#0f172a',
      '--color-primary-fill-hover': '#fbd438',
      '--color-primary-text': '#866e0b',
      '--color-primary-line': '#b2910f',
      '--color-secondary': '#1E3A8A',
      '--color-secondary-fill': '#1e3a8a',
      '--color-on-secondary': '#ffffff',
      '--color-secondary-fill-hover': '#1a3175',
      '--color-secondary-text': '#1e3a8a',
      '--color-secondary-line': '#1e3a8a',
    });
    expect(brandStyle(undefined)).toBeUndefined();
  });

  it("leaves a colour that is not #rrggbb to the stylesheet's defaults", () => {
    expect(brandStyle({ primary_color: 'blue', secondary_color: '#1E3A8A' })).not.toHaveProperty(
      '--color-primary',
    );
  });

  it("computes the stylesheet's own defaults for the spec's default colours", () => {
    const css = readFileSync(path.join(import.meta.dirname, '../styles.css'), 'utf8');
    const variable = (name: string) => new RegExp(`--${name}: (#[0-9a-fA-F]{6});`).exec(css)?.[1];
    for (const name of ['primary', 'secondary'] as const) {
      const shades = accessibleShades(
        parseHexColor(variable(`color-${name}`) ?? '') ?? { r: 0, g: 0, b: 0 },
      );
      expect(variable(`color-${name}-fill`)).toBe(shades.fill);
      expect(variable(`color-on-${name}`)).toBe(shades.onFill);
      expect(variable(`color-${name}-fill-hover`)).toBe(shades.fillHover);
      expect(variable(`color-${name}-text`)).toBe(shades.text);
      expect(variable(`color-${name}-line`)).toBe(shades.line);
    }
  });
});
