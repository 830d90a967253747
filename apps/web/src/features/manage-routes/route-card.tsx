import type { RouteSummary } from '@tappa/contracts';
import { takesAccessCodes } from '@tappa/domain';
import { useId } from 'react';
import { Link } from '../../components/link';
import { type MenuEntry, MenuButton } from '../../components/menu-button';
import { useTenantClock } from '../../components/tenant-clock';
import { type TFunction, useTranslation } from '../../lib/i18n';
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
export type CardDialog = 'edit' | 'editJson' | 'replaceJson' | 'pricing' | 'payments' | 'image';

/** Props of `RouteCard`. */
export interface RouteCardProps {
  tenantSlug: string;
  route: RouteSummary;
  actions: RouteActions;
  onOpen: (dialog: CardDialog) => void;
}

/**
 * One route: image, title, slug, badges, step count and the enable switch, then the three actions
 * an organiser uses most (Steps, Edit, Scoreboard) and every other one in 'Altre azioni'.
 */
export function RouteCard({ tenantSlug, route, actions, onOpen }: RouteCardProps) {
  const { t } = useTranslation();
  // Availability dates to the minute, on the tenant's clock.
  const formatTime = useTenantClock();
  const titleId = useId();
  const busy = actions.isBusy(route.id);
  const routePath = encodeURIComponent(route.id);

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
        <div className="mr-card__head">
          <div className="mr-card__name">
            <h2 id={titleId} className="mr-card__title">
              {route.title}
            </h2>
            <code className="mr-card__slug">{route.slug}</code>
          </div>
          <MenuButton
            label={t('routesAdmin.moreActions')}
            entries={moreActions({ tenantSlug, route, actions, onOpen, busy, t })}
          />
        </div>
        <div className="mr-badges">
          <span className={`badge ${ACCESS_BADGES[route.access_type]}`}>
            {t(`routesAdmin.accessTypes.${route.access_type}`)}
          </span>
          <span className="badge">{t(`routesAdmin.routeTypes.${route.route_type}`)}</span>
          {route.is_active ? null : (
            <span className="badge badge--danger">{t('routes.disabled')}</span>
          )}
        </div>
        <p className="mr-card__facts">
          <span className="mr-card__steps">
            {t('routesAdmin.stepCount', { count: route.step_count })}
          </span>
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
        <label className="check mr-card__switch">
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
        <Link
          className="btn btn--small btn--primary"
          to={`/${tenantSlug}/routes/${routePath}/steps`}
        >
          {t('routesAdmin.steps')}
        </Link>
        <button type="button" className="btn btn--small" onClick={() => onOpen('edit')}>
          {t('routesAdmin.edit')}
        </button>
        <Link
          className="btn btn--small"
          to={`/${tenantSlug}/scoreboard?route=${encodeURIComponent(route.slug)}`}
        >
          {t('routesAdmin.scoreboard')}
        </Link>
      </div>
    </article>
  );
}

/** What `moreActions` needs to list a card's menu. */
interface MoreActionsInput extends RouteCardProps {
  busy: boolean;
  t: TFunction;
}

/**
 * The card's other actions, in the order of a route's life: its price list (and payments), its
 * codes, a copy of it, its JSON, its image, its scoreboard, and deleting it last.
 */
function moreActions({ tenantSlug, route, actions, onOpen, busy, t }: MoreActionsInput) {
  const entries: MenuEntry[] = [
    { key: 'pricing', label: t('routes.pricing'), onSelect: () => onOpen('pricing') },
  ];
  if (route.access_type === 'paid') {
    entries.push({
      key: 'payments',
      label: t('routePayments.open'),
      onSelect: () => onOpen('payments'),
    });
  }
  if (takesAccessCodes(route.access_type)) {
    entries.push({
      key: 'codes',
      label: t('routesAdmin.accessCodes'),
      to: `/${tenantSlug}/access-codes?route=${encodeURIComponent(route.id)}`,
    });
  }
  entries.push(
    {
      key: 'duplicate',
      label: t('routesAdmin.duplicate'),
      onSelect: () => actions.duplicate(route),
      // Disabled while its copy is written: one click, one copy.
      isDisabled: busy,
    },
    { key: 'editJson', label: t('routesAdmin.editJson'), onSelect: () => onOpen('editJson') },
    {
      key: 'replaceJson',
      label: t('routesAdmin.replaceJson'),
      onSelect: () => onOpen('replaceJson'),
    },
    {
      key: 'exportJson',
      label: t('routesAdmin.exportJson'),
      onSelect: () => actions.exportJson(route),
    },
    { key: 'image', label: t('routesAdmin.uploadImage'), onSelect: () => onOpen('image') },
    {
      key: 'exportScoreboard',
      label: t('routesAdmin.exportScoreboard'),
      onSelect: () => actions.exportScoreboard(route),
    },
    {
      key: 'resetScoreboard',
      label: t('routesAdmin.resetScoreboard'),
      onSelect: () => actions.resetScoreboard(route),
      isDisabled: busy,
    },
    {
      key: 'delete',
      label: t('routesAdmin.delete'),
      onSelect: () => actions.remove(route),
      isDanger: true,
      isDisabled: busy,
    },
  );
  return entries;
}
