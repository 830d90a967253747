import type { PublicTenant } from '@tappa/contracts';

/** The tenant's logo (named by the tenant) or, without one, its name: a page's brand mark. */
export function ReportBrand({
  tenant,
  className,
}: {
  tenant: PublicTenant | undefined;
  className: string;
}) {
  if (!tenant) return null;
  return (
    <p className={className}>
      {tenant.logo_url ? (
        <img className={`${className}-logo`} src={tenant.logo_url} alt={tenant.name} />
      ) : null}
      <span className={`${className}-name`} aria-hidden={tenant.logo_url ? true : undefined}>
        {tenant.name}
      </span>
    </p>
  );
}
