import type { PublicTenant } from '@tappa/contracts';
import { useTranslation } from 'react-i18next';
import { RoundBackLink } from './round-back-link';

/** Props of `PlayerHeader`. */
export interface PlayerHeaderProps {
  tenant: PublicTenant;
  /** Where the round back button leads; no button without it. */
  backTo?: string;
  backLabel?: string;
}

/** The tenant's logo and name on top of a player page, with an optional round back button. */
export function PlayerHeader({ tenant, backTo, backLabel }: PlayerHeaderProps) {
  const { t } = useTranslation();
  return (
    <header className="player-header">
      {backTo && <RoundBackLink to={backTo} label={backLabel} />}
      {tenant.logo_url && (
        <img
          className="player-header__logo"
          src={tenant.logo_url}
          alt={t('player.tenantLogo', { tenant: tenant.name })}
        />
      )}
      <p className="player-header__name">{tenant.name}</p>
    </header>
  );
}
