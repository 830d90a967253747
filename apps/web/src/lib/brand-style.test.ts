import { describe, expect, it } from 'vitest';
import { brandStyle, playerLogoUrl } from './brand-style';

describe('brand style', () => {
  it("sets the brand's colours as the CSS variables", () => {
    expect(brandStyle({ primary_color: '#112233', secondary_color: '#445566' })).toEqual({
      '--color-primary': '#112233',
      '--color-secondary': '#445566',
    });
    expect(brandStyle(undefined)).toBeUndefined();
  });

  it('gives the player pages the brand logo, else the logo', () => {
    expect(playerLogoUrl({ logo_url: '/logo.png', brand_logo_url: '/brand.png' })).toBe(
      '/brand.png',
    );
    expect(playerLogoUrl({ logo_url: '/logo.png', brand_logo_url: null })).toBe('/logo.png');
    expect(playerLogoUrl({ logo_url: null, brand_logo_url: null })).toBeNull();
  });
});
