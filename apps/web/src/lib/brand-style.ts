import type { CSSProperties } from 'react';

/** A brand's two colours, as tenants and the platform store them. */
export interface BrandColorPair {
  primary_color: string;
  secondary_color: string;
}

/** A brand's colours as the CSS variables the styles read (undefined: the stylesheet's defaults). */
export function brandStyle(brand: BrandColorPair | undefined): CSSProperties | undefined {
  if (!brand) return undefined;
  const style: CSSProperties & Record<`--${string}`, string> = {
    '--color-primary': brand.primary_color,
    '--color-secondary': brand.secondary_color,
  };
  return style;
}
