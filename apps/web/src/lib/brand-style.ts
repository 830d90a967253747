import { brandCssVariables, type BrandColorPair } from '@tappa/domain';
import type { CSSProperties } from 'react';

/**
 * A brand's colours as the CSS variables the styles read (undefined: the stylesheet's defaults),
 * for the staff's pages, which hold the colours being edited; the player pages set the ones the server
 * computed with the tenant's public data (`brand_style`).
 */
export function brandStyle(brand: BrandColorPair | undefined): CSSProperties | undefined {
  return brand && brandCssVariables(brand);
}
