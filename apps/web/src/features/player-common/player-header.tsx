import type { PublicTenant } from '@tappa/contracts';
import { RichText } from '../../components/rich-text';
import { playerLogoUrl } from '../../lib/player-logo';
import { useTranslation } from '../../lib/i18n';
import { RoundBackLink } from './round-back-link';

/** Props of `PlayerHeader`. */
export interface PlayerHeaderProps {
  tenant: PublicTenant;
  /** Where the round back button leads; no button without it. */
  backTo?: string;
  backLabel?: string;
}

/**
 * The tenant's logo (its brand logo, else its logo) and name on top of a player page, with an
 * optional round back button.
 */
export function PlayerHeader({ tenant, backTo, backLabel }: PlayerHeaderProps) {
  const { t } = useTranslation();
  const logo = playerLogoUrl(tenant);
  return (
    <header className="player-header">
      {backTo && <RoundBackLink to={backTo} label={backLabel} />}
      {logo && (
        <img
          className="player-header__logo"
          src={logo}
          alt={t('player.tenantLogo', { tenant: tenant.name })}
        />
      )}
      <p className="player-header__name">{tenant.name}</p>
    </header>
  );
}

/** The tenant's payoff and description (rich text), on the start and route-selection pages. */
export function TenantIntro({ tenant }: { tenant: PublicTenant }) {
  if (!tenant.payoff && !tenant.description) return null;
  return (
    <section className="tenant-intro">
      {tenant.payoff && <RichText className="tenant-intro__payoff" html={tenant.payoff} />}
      {tenant.description && (
        <RichText className="tenant-intro__description" html={tenant.description} />
      )}
    </section>
  );
}
