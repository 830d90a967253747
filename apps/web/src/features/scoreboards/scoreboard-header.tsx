import type { ReactNode } from 'react';
import { Link } from '../../components/link';
import { Icon } from '../../components/line-icon';
import { useTranslation } from '../../lib/i18n';
import './final-scoreboard.css';

/** Props of `ScoreboardHeader`. */
export interface ScoreboardHeaderProps {
  slug: string;
  /** The tenant's logo and name (the player pages' header). */
  tenantHeader: ReactNode;
  /** The route the scoreboard shows: 'Tutte le Routes' when null, nothing while unknown. */
  routeTitle: string | null | undefined;
}

/** Header of the end-of-game scoreboard: tenant, the 'Home' button to the start screen, route. */
export function ScoreboardHeader({ slug, tenantHeader, routeTitle }: ScoreboardHeaderProps) {
  const { t } = useTranslation();
  return (
    <div className="final-header">
      <div className="final-header__top">
        {tenantHeader}
        <Link
          className="player-button player-button--secondary player-button--small"
          to={`/${encodeURIComponent(slug)}/start`}
        >
          <Icon name="home" />
          {t('scoreboard.home')}
        </Link>
      </div>
      {routeTitle !== undefined && (
        <h1 className="final-header__route">{routeTitle ?? t('scoreboard.allRoutes')}</h1>
      )}
    </div>
  );
}
