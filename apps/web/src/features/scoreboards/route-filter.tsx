import type { ScoreboardRoute } from '@tappa/contracts';
import { useId } from 'react';
import { useTranslation } from '../../lib/i18n';

/** Props of `RouteFilter`. */
export interface RouteFilterProps {
  routes: readonly ScoreboardRoute[];
  /** The route slug filtered on, null for all routes. */
  value: string | null;
  onChange: (routeSlug: string | null) => void;
}

/** The 'Filtra per Route' select: 'Tutte le Routes' and the tenant's active routes. */
export function RouteFilter({ routes, value, onChange }: RouteFilterProps) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <div className="field live-board__filter">
      <label className="field__label" htmlFor={id}>
        {t('scoreboard.filterByRoute')}
      </label>
      <select
        id={id}
        className="field__input"
        value={value ?? ''}
        onChange={(event) => onChange(event.target.value || null)}
      >
        <option value="">{t('scoreboard.allRoutes')}</option>
        {routes.map((route) => (
          <option key={route.slug} value={route.slug}>
            {route.title}
          </option>
        ))}
      </select>
    </div>
  );
}
