import { describe, expect, it } from 'vitest';
import { brandStyle, playerLogoUrl } from './brand-style';

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

  it('gives the player pages the brand logo, else the logo', () => {
    expect(playerLogoUrl({ logo_url: '/logo.png', brand_logo_url: '/brand.png' })).toBe(
      '/brand.png',
    );
    expect(playerLogoUrl({ logo_url: '/logo.png', brand_logo_url: null })).toBe('/logo.png');
    expect(playerLogoUrl({ logo_url: null, brand_logo_url: null })).toBeNull();
  });
});
