import type { SessionResponse, SessionTenant } from '@tappa/contracts';
import { Link } from '../../components/link';
import { RoleBadge } from '../../components/role-badge';
import { useTranslation } from '../../lib/i18n';
import { HomeCard } from './home-card';
import '../../components/ui.css';
import './home.css';

/** Props of `UserHome`. */
export interface UserHomeProps {
  session: SessionResponse;
}

/**
 * The signed-in home (doc 1 §2): superadmin cards, a 'no tenant' notice, the cards of the one
 * tenant, or a 'Select a Tenant' list.
 */
export function UserHome({ session }: UserHomeProps) {
  const { t } = useTranslation();
  const tenants = [...session.tenants].sort((a, b) => a.name.localeCompare(b.name));
  const [onlyTenant] = tenants;

  if (session.profile?.role === 'superadmin') return <SuperadminHome tenants={tenants} />;
  if (!onlyTenant) {
    return (
      <p className="alert alert--error home__empty" role="alert">
        {t('home.noTenant')}
      </p>
    );
  }
  if (tenants.length === 1) return <SingleTenantHome tenant={onlyTenant} />;
  return (
    <section className="home">
      <h2 className="home__title">{t('home.selectTenant')}</h2>
      <ul className="home__list">
        {tenants.map((tenant) => (
          <li key={tenant.id}>
            <Link className="home__tenant" to={tenantHomePath(tenant)}>
              <span className="home__tenant-name">{tenant.name}</span>
              <RoleBadge role={tenant.role} />
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** Where a user's tenant leads: its dashboard, or a judge's review queue (decision 0083). */
function tenantHomePath(tenant: SessionTenant): string {
  return `/${tenant.slug}/${tenant.role === 'judge' ? 'live/review' : 'dashboard'}`;
}

/** The superadmin's cards: Superadmin, then one per tenant, then a link back home. */
function SuperadminHome({ tenants }: { tenants: readonly SessionTenant[] }) {
  const { t } = useTranslation();
  return (
    <section className="home">
      <ul className="home__cards">
        <li>
          <HomeCard to="/superadmin" title={t('home.superadmin')} />
        </li>
        {tenants.map((tenant) => (
          <li key={tenant.id}>
            <HomeCard to={`/${tenant.slug}/dashboard`} title={tenant.name} detail={tenant.slug} />
          </li>
        ))}
      </ul>
      <Link className="home__back" to="/home">
        {t('home.homeLink')}
      </Link>
    </section>
  );
}

/** Cards of a user's only tenant: Impostazioni and Routes for its admins, Play and Scoreboard. */
function SingleTenantHome({ tenant }: { tenant: SessionTenant }) {
  const { t } = useTranslation();
  const manages = tenant.role === 'tenant_admin' || tenant.role === 'game_manager';
  const base = `/${tenant.slug}`;
  if (tenant.role === 'judge') {
    // A judge may only review and show the photo wall (decision 0083).
    return (
      <section className="home">
        <h2 className="home__title">{tenant.name}</h2>
        <ul className="home__cards">
          <li>
            <HomeCard to={`${base}/live/review`} title={t('home.cards.review')} />
          </li>
          <li>
            <HomeCard to={`${base}/live/wall`} title={t('home.cards.wall')} />
          </li>
        </ul>
      </section>
    );
  }
  return (
    <section className="home">
      <h2 className="home__title">{tenant.name}</h2>
      <ul className="home__cards">
        {manages && (
          <>
            <li>
              <HomeCard to={`${base}/dashboard`} title={t('home.cards.settings')} />
            </li>
            <li>
              <HomeCard to={`${base}/routes`} title={t('home.cards.routes')} />
            </li>
          </>
        )}
        <li>
          <HomeCard to={`${base}/gioco`} title={t('home.cards.play')} />
        </li>
        <li>
          <HomeCard to={`${base}/scoreboard`} title={t('home.cards.scoreboard')} />
        </li>
      </ul>
    </section>
  );
}
