import type { PublicTenant } from '@tappa/contracts';
import type { CSSProperties, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink, useNavigate, useParams } from 'react-router';
import { usePublicTenant } from '../api/public-tenants';
import { useSignOut } from '../api/session';
import './tenant-area-layout.css';

/** The tabs of the tenant area: catalogue key under `tenantArea.tabs` and path under the slug. */
const TABS = [
  { key: 'dashboard', path: 'dashboard' },
  { key: 'routes', path: 'routes' },
  { key: 'accessCodes', path: 'access-codes' },
  { key: 'play', path: 'select-route' },
  { key: 'scoreboard', path: 'scoreboard' },
  { key: 'settings', path: 'settings' },
] as const;

/** The tenant's colours as the CSS variables the area's styles read. */
function brandStyle(tenant: PublicTenant | undefined): CSSProperties | undefined {
  if (!tenant) return undefined;
  const style: CSSProperties & Record<`--${string}`, string> = {
    '--color-primary': tenant.primary_color,
    '--color-secondary': tenant.secondary_color,
  };
  return style;
}

/** Props of `TenantAreaLayout`. */
export interface TenantAreaLayoutProps {
  children: ReactNode;
}

/** Shell of the tenant area ('Area Utente'): tenant header, 'Esci' sign-out and the tab bar. */
export function TenantAreaLayout({ children }: TenantAreaLayoutProps) {
  const { t } = useTranslation();
  const { tenantSlug = '' } = useParams();
  const tenant = usePublicTenant(tenantSlug);
  const signOut = useSignOut();
  const navigate = useNavigate();

  function handleSignOut() {
    signOut.mutate(undefined, {
      onSettled: () => void navigate(`/${tenantSlug}/login`, { replace: true }),
    });
  }

  return (
    <div className="tenant-area" style={brandStyle(tenant.data)}>
      <header className="tenant-area__header">
        <div className="tenant-area__brand">
          {tenant.data?.logo_url ? (
            <img className="tenant-area__logo" src={tenant.data.logo_url} alt="" />
          ) : null}
          <div>
            <p className="tenant-area__title">{t('tenantArea.title')}</p>
            {tenant.data ? <p className="tenant-area__tenant">{tenant.data.name}</p> : null}
          </div>
        </div>
        <button
          type="button"
          className="tenant-area__sign-out"
          disabled={signOut.isPending}
          onClick={handleSignOut}
        >
          {t('tenantArea.signOut')}
        </button>
      </header>
      <nav className="tenant-area__tabs" aria-label={t('tenantArea.tabsLabel')}>
        {TABS.map(({ key, path }) => (
          <NavLink
            key={key}
            to={`/${tenantSlug}/${path}`}
            className={({ isActive }) =>
              isActive ? 'tenant-area__tab tenant-area__tab--active' : 'tenant-area__tab'
            }
          >
            {t(`tenantArea.tabs.${key}`)}
          </NavLink>
        ))}
      </nav>
      <div className="tenant-area__content">{children}</div>
    </div>
  );
}
