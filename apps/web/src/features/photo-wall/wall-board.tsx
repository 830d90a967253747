import type { WallPhoto } from '@tappa/contracts';
import { useHideWallPhoto, usePhotoWall } from '../../api/photo-wall';
import { ErrorAlert } from '../../components/error-alert';
import { LoadingSpinner } from '../../components/loading-spinner';
import { dialogs, toasts } from '../../lib/dialogs';
import { errorText } from '../../lib/error-text';
import { useTranslation } from '../../lib/i18n';

/** Props of `WallBoard`. */
export interface WallBoardProps {
  slug: string;
  routeId: string;
  /** Whether 'Nascondi' shows on each photo (the tenant's staff, not its judges). */
  canHide: boolean;
}

/**
 * A route's approved photos, newest first, as the wall's stream pushes them (each new one fades
 * in); the staff may take one off after a confirmation.
 */
export function WallBoard({ slug, routeId, canHide }: WallBoardProps) {
  const { t } = useTranslation(undefined, { keyPrefix: 'photoWall' });
  const { t: tAll } = useTranslation();
  const wall = usePhotoWall(slug, routeId);
  const hide = useHideWallPhoto(slug, routeId);

  const askHide = async (photo: WallPhoto) => {
    const names = { team: photo.team_name, place: photo.place };
    if (!(await dialogs.confirm(t('hideConfirm', names)))) return;
    hide.mutate(photo.item_id, {
      onSuccess: () => toasts.success(t('hidden')),
      onError: (error) => toasts.error(errorText(error, tAll)),
    });
  };

  if (wall.isPending) return <LoadingSpinner />;
  if (wall.isError && !wall.data) return <ErrorAlert text={errorText(wall.error, tAll)} />;
  const photos = wall.data?.photos ?? [];
  return (
    <section className="photo-wall__board" aria-label={wall.data?.route.title}>
      <p className="photo-wall__status">
        <span className={wall.isLive ? 'badge badge--success' : 'badge'}>
          {tAll(wall.isLive ? 'scoreboard.stream.live' : 'scoreboard.stream.polling', {
            seconds: 5,
          })}
        </span>
      </p>
      {photos.length === 0 ? (
        <p className="photo-wall__empty">{t('empty')}</p>
      ) : (
        <ul className="photo-wall__grid">
          {photos.map((photo) => (
            <li key={photo.item_id} className="photo-wall__photo">
              <figure className="photo-wall__figure">
                <img
                  className="photo-wall__image"
                  src={photo.photo_url}
                  alt={t('photoAlt', {
                    team: photo.team_name,
                    n: photo.step_number,
                    place: photo.place,
                  })}
                  loading="lazy"
                />
                <figcaption className="photo-wall__caption">
                  <span className="photo-wall__team">{photo.team_name}</span>
                  <span className="photo-wall__place">{photo.place}</span>
                </figcaption>
              </figure>
              {canHide && (
                <button
                  type="button"
                  className="photo-wall__hide"
                  aria-label={t('hideLabel', { team: photo.team_name, place: photo.place })}
                  disabled={hide.isPending}
                  onClick={() => void askHide(photo)}
                >
                  {t('hide')}
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
