import { useId } from 'react';
import { useTranslation } from '../../lib/i18n';
import { PlatformMark, usePlatformLook } from './platform-look';

/** The platform landing: an Italian welcome presenting Tappa and how to reach a tenant's login. */
export function LandingPage() {
  const { t } = useTranslation();
  const loginTitleId = useId();
  const look = usePlatformLook();
  const points = [
    t('home.landing.pointRoutes'),
    t('home.landing.pointTeams'),
    t('home.landing.pointScoreboard'),
  ];

  return (
    <main className="page page--landing" style={look}>
      <article className="card landing">
        <div className="landing__brand">
          <PlatformMark size={44} />
          <span className="landing__brand-name">Tappa</span>
        </div>
        <h1 className="landing__title">{t('home.landing.title')}</h1>
        <p className="landing__intro">{t('home.landing.intro')}</p>
        <ul className="landing__points">
          {points.map((point) => (
            <li key={point}>{point}</li>
          ))}
        </ul>
        <section className="landing__login" aria-labelledby={loginTitleId}>
          <h2 id={loginTitleId} className="landing__login-title">
            {t('home.landing.loginTitle')}
          </h2>
          <p>{t('home.landing.loginHint')}</p>
          <code className="landing__path">{t('home.landing.loginPathExample')}</code>
          <p className="muted">{t('home.landing.loginHelp')}</p>
        </section>
      </article>
    </main>
  );
}
