import { describe, expect, it } from 'vitest';
import { playerLogoUrl } from './player-logo';

describe('player logo', () => {
  it('gives the player pages the brand logo, else the logo', () => {
    expect(playerLogoUrl({ logo_url: '/logo.png', brand_logo_url: '/brand.png' })).toBe(
      '/brand.png',
    );
    expect(playerLogoUrl({ logo_url: '/logo.png', brand_logo_url: null })).toBe('/logo.png');
    expect(playerLogoUrl({ logo_url: null, brand_logo_url: null })).toBeNull();
  });
});
