import type { ReactNode } from 'react';
import { useLocation, useNavigate, useParams } from '../lib/router';
import { usePublicTenant } from '../api/public-tenants';
import { useSession, useSignOut } from '../api/session';
import { brandStyle } from '../lib/brand-style';
import { useDocumentHead } from '../lib/document-head';
import { useTranslation } from '../lib/i18n';
import { tenantRoleFor } from '../lib/session-roles';
import { NavTab } from './link';
import { FooterLogo } from './platform-logo';
import './app-shell.css';
import './tenant-area-layout.css';

/** The tabs of the tenant area: catalogue key under `tenantArea.tabs` and path under the slug. */
const TABS = [
  { key: 'dashboard', path: 'dashboard' },
  { key: 'routes', path: 'routes' },
  { key: 'accessCodes', path: 'access-codes' },
  { key: 'play', path: 'select-route' },
  { key: 'scoreboard', path: 'scoreboard' },
  { key: 'live', path: 'live' },
  { key: 'analytics', path: 'analytics' },
  { key: 'settings', path: 'settings' },
] as const;

/** A judge's tabs: the review queue and the photo wall only (decision 0083). */
const JUDGE_TABS = [
  { key: 'review', path: 'live/review' },
  { key: 'wall', path: 'live/wall' },
] as const;

/** The tabs the signed-in user sees in the tenant of `slug`. */
function useTabs(slug: string): readonly { key: TabKey; path: string }[] {
  const session = useSession();
  const isJudge = session.data ? tenantRoleFor(session.data, slug) === 'judge' : false;
  return isJudge ? JUDGE_TABS : TABS;
}

type TabKey = (typeof TABS)[number]['key'] | (typeof JUDGE_TABS)[number]['key'];

/**
 * The browser tab's title of a tab page, '{tab} - {tenant name}' ('Media Library' for the media
 * page); null on the pages below a tab (the step editor, the QR sheet), which name themselves.
 */
function useTabTitle(tenantSlug: string, tenantName: string | undefined): string | null {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  if (!tenantName) return null;
  if (pathname === `/${tenantSlug}/media`) return `${t('shell.mediaLibrary')} - ${tenantName}`;
  const tab = [...TABS, ...JUDGE_TABS].find(({ path }) => pathname === `/${tenantSlug}/${path}`);
  return tab ? `${t(`tenantArea.tabs.${tab.key}`)} - ${tenantName}` : null;
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
  const title = useTabTitle(tenantSlug, tenant.data?.name);
  const tabs = useTabs(tenantSlug);
  useDocumentHead({ title });

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
            {/* The area's name, not the page's: each page holds its own h1 (decision 0068). */}
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
        {tabs.map(({ key, path }) => (
          <NavTab
            key={key}
            to={`/${tenantSlug}/${path}`}
            className="tenant-area__tab"
            activeClassName="tenant-area__tab--active"
          >
            {t(`tenantArea.tabs.${key}`)}
          </NavTab>
        ))}
      </nav>
      <div className="tenant-area__content">
        {tenant.data && tenant.data.status !== 'active' ? (
          // Staff still sign in to an unavailable tenant: say why players are turned away.
          <p role="status" className="alert alert--warning tenant-area__unavailable">
            {t(`tenantArea.unavailable.${tenant.data.status}`)}
          </p>
        ) : null}
        {children}
      </div>
      {/* Doc 1 §2 shell footer: the tenant's footer logo, else the platform's. */}
      <footer className="app-shell__footer">
        {tenant.data ? (
          <FooterLogo url={tenant.data.footer_logo_url} alt={tenant.data.name} />
        ) : null}
      </footer>
    </div>
  );
}
