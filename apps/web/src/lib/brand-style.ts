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

/** A tenant's images as its public pages read them. */
interface TenantImageUrls {
  logo_url: string | null;
  brand_logo_url: string | null;
}

/** The logo of the player pages and the big screen: the brand logo, else the logo (decision 0033). */
export function playerLogoUrl(tenant: TenantImageUrls): string | null {
  return tenant.brand_logo_url ?? tenant.logo_url;
}
