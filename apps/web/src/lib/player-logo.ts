/** A tenant's images as its public pages read them. */
interface TenantImageUrls {
  logo_url: string | null;
  brand_logo_url: string | null;
}

/** The logo of the player pages and the big screen: the brand logo, else the logo (decision 0033). */
export function playerLogoUrl(tenant: TenantImageUrls): string | null {
  return tenant.brand_logo_url ?? tenant.logo_url;
}
