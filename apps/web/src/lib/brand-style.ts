import type { CSSProperties } from 'react';
import { accessibleShades, parseHexColor } from './accessible-color';

/** A brand's two colours, as tenants and the platform store them. */
export interface BrandColorPair {
  primary_color: string;
  secondary_color: string;
}

type CssVariables = Record<`--${string}`, string>;

/**
 * One brand colour as its CSS variables: the colour itself (`--color-primary`, for decoration)
 * and its accessible shades (decision 0040); nothing for a colour that is not `#rrggbb`, so the
 * stylesheet's defaults stay.
 */
function colorVariables(name: 'primary' | 'secondary', color: string): CssVariables {
  const rgb = parseHexColor(color);
  if (!rgb) return {};
  const shades = accessibleShades(rgb);
  return {
    [`--color-${name}`]: color,
    [`--color-${name}-fill`]: shades.fill,
    [`--color-on-${name}`]: shades.onFill,
    [`--color-${name}-fill-hover`]: shades.fillHover,
    [`--color-${name}-text`]: shades.text,
    [`--color-${name}-line`]: shades.line,
  };
}

/** A brand's colours as the CSS variables the styles read (undefined: the stylesheet's defaults). */
export function brandStyle(brand: BrandColorPair | undefined): CSSProperties | undefined {
  if (!brand) return undefined;
  const style: CSSProperties & CssVariables = {
    ...colorVariables('primary', brand.primary_color),
    ...colorVariables('secondary', brand.secondary_color),
  };
  return style;
}

/** A tenant's images as its public pages read them. */
interface TenantImageUrls {
  logo_url: string | null;
  brand_logo_url: string | null;
}

/** The logo of the player pages and the big screen: the brand logo, else the logo (decision 0033). */
export function playerLogoUrl(tenant: TenantImageUrls): string | null {
  return tenant.brand_logo_url ?? tenant.logo_url;
}
