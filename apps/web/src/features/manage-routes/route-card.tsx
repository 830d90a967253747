import type { RouteSummary } from '@tappa/contracts';
import { useId } from 'react';
import { Link } from '../../components/link';
import { useTenantClock } from '../../components/tenant-clock';
import { useTranslation } from '../../lib/i18n';
import { RouteImageUpload } from './route-image-upload';
import type { RouteActions } from './use-route-actions';
import '../../components/admin-ui.css';
import '../../components/forms.css';
import './route-card.css';

/** The badge colour of each access type. */
const ACCESS_BADGES: Record<RouteSummary['access_type'], string> = {
  free: 'badge--success',
  paid: 'badge--warning',
  code: 'badge--accent',
};

/** The dialogs a card opens. */
export type CardDialog = 'edit' | 'editJson' | 'replaceJson' | 'pricing' | 'payments';

/** Props of `RouteCard`. */
export interface RouteCardProps {
  tenantSlug: string;
  route: RouteSummary;
  actions: RouteActions;
  onOpen: (dialog: CardDialog) => void;
}

/** One route: image, title, slug, badges, step count, and every per-route action. */
export function RouteCard({ tenantSlug, route, actions, onOpen }: RouteCardProps) {
  const { t } = useTranslation();
  // Availability dates to the minute, on the tenant's clock.
  const formatTime = useTenantClock();
  const titleId = useId();
  const busy = actions.isBusy(route.id);
  const button = (label: string, onClick: () => void, extra = '') => (
    <button type="button" className={`btn btn--small ${extra}`} onClick={onClick}>
      {label}
    </button>
  );

  return (
    <article
      className={route.is_active ? 'mr-card' : 'mr-card mr-card--disabled'}
      aria-labelledby={titleId}
    >
      {route.image_url ? (
        <img className="mr-card__image" src={route.image_url} alt="" />
      ) : (
        <div className="mr-card__image mr-card__image--empty">{t('routesAdmin.noImage')}</div>
      )}
      <div className="mr-card__body">
        <h2 id={titleId} className="mr-card__title">
          {route.title}
        </h2>
        <code className="mr-card__slug">{route.slug}</code>
        <div className="mr-badges">
          <span className={`badge ${ACCESS_BADGES[route.access_type]}`}>
            {t(`routesAdmin.accessTypes.${route.access_type}`)}
          </span>
          <span className="badge">{t(`routesAdmin.routeTypes.${route.route_type}`)}</span>
          {route.is_active ? null : (
            <span className="badge badge--danger">{t('routes.disabled')}</span>
          )}
        </div>
        <p className="muted">{t('routesAdmin.stepCount', { count: route.step_count })}</p>
        {route.date_start || route.date_end ? (
          <p className="muted mr-card__dates">
            {route.date_start ? (
              <span>
                {t('routesAdmin.availableFrom', {
                  date: formatTime(route.date_start, 'dateTime'),
                })}
              </span>
            ) : null}
            {route.date_end ? (
              <span>
                {t('routesAdmin.availableUntil', {
                  date: formatTime(route.date_end, 'dateTime'),
                })}
              </span>
            ) : null}
          </p>
        ) : null}
        <label className="check">
          <input
            type="checkbox"
            role="switch"
            checked={route.is_active}
            disabled={busy}
            onChange={() => actions.toggle(route)}
          />
          {t('routesAdmin.enabled')}
        </label>
      </div>
      <div className="mr-card__actions">
        <div className="mr-card__row">
          {button(t('routesAdmin.edit'), () => onOpen('edit'), 'btn--primary')}
          <Link
            className="btn btn--small"
            to={`/${tenantSlug}/routes/${encodeURIComponent(route.id)}/steps`}
          >
            {t('routesAdmin.steps')}
          </Link>
          {button(t('routes.pricing'), () => onOpen('pricing'))}
          {route.access_type === 'paid'
            ? button(t('routePayments.open'), () => onOpen('payments'))
            : null}
        </div>
        <div className="mr-card__row">
          {button(t('routesAdmin.editJson'), () => onOpen('editJson'))}
          {button(t('routesAdmin.replaceJson'), () => onOpen('replaceJson'))}
          {button(t('routesAdmin.exportJson'), () => actions.exportJson(route))}
        </div>
        <div className="mr-card__row">
          {button(t('routesAdmin.exportScoreboard'), () => actions.exportScoreboard(route))}
          {button(t('routesAdmin.resetScoreboard'), () => actions.resetScoreboard(route))}
        </div>
        <RouteImageUpload tenantSlug={tenantSlug} routeId={route.id} />
        <div className="mr-card__row mr-card__row--end">
          <button
            type="button"
            className="btn btn--small btn--danger"
            disabled={busy}
            onClick={() => actions.remove(route)}
          >
            {t('routesAdmin.delete')}
          </button>
        </div>
      </div>
    </article>
  );
}
