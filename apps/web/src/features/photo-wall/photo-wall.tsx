import { isTenantStaff } from '@tappa/domain';
import { useReviewSummary } from '../../api/review';
import { useSession } from '../../api/session';
import { ErrorAlert } from '../../components/error-alert';
import { Link } from '../../components/link';
import { LoadingSpinner } from '../../components/loading-spinner';
import { useDocumentHead } from '../../lib/document-head';
import { errorText } from '../../lib/error-text';
import { useTranslation } from '../../lib/i18n';
import { tenantRoleFor } from '../../lib/session-roles';
import { useFullScreen } from './use-full-screen';
import { WallBoard } from './wall-board';
import './photo-wall.css';

/** Props of `PhotoWall`. */
export interface PhotoWallProps {
  slug: string;
  /** The route chosen (its id), null for none yet. */
  routeId: string | null;
  onRouteChange: (routeId: string | null) => void;
}

/**
 * The photo wall for a projector (issue 34, decision 0083): a route's approved photos of the
 * teams that agreed to it, large on a dark page, as they are approved. Routes come from the review
 * summary, which judges may read too; a tenant with one such route shows it at once. 'Nascondi'
 * is the staff's, 'Schermo intero' fills the screen.
 */
export function PhotoWall({ slug, routeId, onRouteChange }: PhotoWallProps) {
  const { t } = useTranslation(undefined, { keyPrefix: 'photoWall' });
  const { t: tAll } = useTranslation();
  useDocumentHead({ title: t('title') });
  const session = useSession();
  const isStaff = isTenantStaff(session.data ? tenantRoleFor(session.data, slug) : null);
  const routes = useReviewSummary(slug);
  const routeList = routes.data?.routes;
  const fullScreen = useFullScreen();
  const onlyRoute = routeList?.length === 1 ? (routeList[0]?.id ?? null) : null;
  const shownId = routeId ?? onlyRoute;

  let body;
  if (routes.isPending) body = <LoadingSpinner />;
  else if (routes.isError) body = <ErrorAlert text={errorText(routes.error, tAll)} />;
  else if (routes.data.routes.length === 0)
    body = <p className="photo-wall__empty">{t('noRoutes')}</p>;
  else if (shownId === null) body = <p className="photo-wall__empty">{t('chooseRoute')}</p>;
  else body = <WallBoard key={shownId} slug={slug} routeId={shownId} canHide={isStaff} />;

  return (
    <main className="photo-wall">
      <header className="photo-wall__header">
        <Link className="photo-wall__back" to={`/${slug}/live${isStaff ? '' : '/review'}`}>
          {t('back')}
        </Link>
        <h1 className="photo-wall__title">{t('title')}</h1>
        <label className="photo-wall__route">
          <span className="photo-wall__route-label">{t('route')}</span>
          <select
            className="photo-wall__select"
            value={shownId ?? ''}
            onChange={(event) => onRouteChange(event.target.value || null)}
          >
            <option value="" disabled>
              {t('chooseRoute')}
            </option>
            {(routeList ?? []).map((route) => (
              <option key={route.id} value={route.id}>
                {route.title}
              </option>
            ))}
          </select>
        </label>
        {fullScreen.isSupported && (
          <button type="button" className="photo-wall__button" onClick={fullScreen.toggle}>
            {t(fullScreen.isFull ? 'exitFullScreen' : 'fullScreen')}
          </button>
        )}
      </header>
      {body}
    </main>
  );
}
