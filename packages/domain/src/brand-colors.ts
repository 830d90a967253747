import { accessibleShades, parseHexColor } from './accessible-color';

/** A brand's two colours, as tenants and the platform store them. */
export interface BrandColorPair {
  primary_color: string;
  secondary_color: string;
}

/** CSS custom properties by name (`--color-primary` …). */
export type BrandCssVariables = Record<`--${string}`, string>;

/**
 * One brand colour as its CSS variables: the colour itself (`--color-primary`, for decoration)
 * and its accessible shades (decision 0040); nothing for a colour that is not `#rrggbb`, so the
 * stylesheet's defaults stay.
 */
function colorVariables(name: 'primary' | 'secondary', color: string): BrandCssVariables {
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

/**
 * A brand's colours as the CSS variables the styles read. The server sends them with a tenant's
 * public data, so a phone draws the brand without computing its shades (decision 0040).
 */
export function brandCssVariables(brand: BrandColorPair): BrandCssVariables {
  return {
    ...colorVariables('primary', brand.primary_color),
    ...colorVariables('secondary', brand.secondary_color),
  };
}
