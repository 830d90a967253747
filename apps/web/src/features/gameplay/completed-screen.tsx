import { Link } from '../../components/link';
import { useTranslation } from '../../lib/i18n';

/** The full-screen 'Percorso Completato' of an exploration route, back to the start screen. */
export function CompletedScreen({ slug }: { slug: string }) {
  const { t } = useTranslation();
  return (
    <section className="player-card gameplay__completed" aria-labelledby="completed-title">
      <p className="gameplay__completed-mark" aria-hidden="true">
        ✓
      </p>
      <h1 id="completed-title" className="player-title">
        {t('gameplay.completedTitle')}
      </h1>
      <p className="player-muted">{t('gameplay.completedMessage')}</p>
      <Link className="player-button" to={`/${encodeURIComponent(slug)}/start`}>
        {t('gameplay.backToRoutes')}
      </Link>
    </section>
  );
}
