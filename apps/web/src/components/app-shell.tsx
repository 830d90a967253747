import type { ReactNode } from 'react';
import { useNavigate } from '../lib/router';
import { Link } from './link';
import { useSession, useSignOut } from '../api/session';
import { useDocumentHead } from '../lib/document-head';
import { useTranslation } from '../lib/i18n';
import { FooterLogo } from './platform-logo';
import { RoleBadge } from './role-badge';
import './ui.css';
import './app-shell.css';

/** Props of `AppShell`. */
export interface AppShellProps {
  /** Text of the title bar under the top bar; no title bar when absent. */
  title?: string;
  /** A tenant's footer logo; the platform brand's is used when absent. */
  footerLogoUrl?: string | null;
  children: ReactNode;
}

/**
 * Shared page shell (doc 1 §2): top bar with Dashboard and Superadmin links, the user's name and
 * role badge and Sign Out; an optional title bar; the content; a footer logo.
 */
export function AppShell({ title, footerLogoUrl, children }: AppShellProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const profile = useSession().data?.profile;
  const signOut = useSignOut();
  // The browser tab names the page: 'Superadmin Dashboard - Tappa', 'Home - Tappa'.
  useDocumentHead({ title: `${title ?? t('shell.home')} - ${t('shell.platformLogo')}` });

  const handleSignOut = () => {
    // The sign-out hook ignores server errors: the user is signed out locally either way.
    void signOut
      .mutateAsync()
      .catch(() => undefined)
      .then(() => navigate('/login'));
  };

  return (
    <div className="app-shell">
      <header className="app-shell__bar">
        <nav className="app-shell__nav" aria-label={t('shell.navigation')}>
          <Link className="app-shell__link" to="/home">
            {t('home.dashboard')}
          </Link>
          {profile?.role === 'superadmin' && (
            <Link className="app-shell__link" to="/superadmin">
              {t('home.superadmin')}
            </Link>
          )}
        </nav>
        <div className="app-shell__user">
          {profile && (
            <span className="app-shell__name">{profile.display_name || profile.email}</span>
          )}
          {profile && profile.role !== 'player' && <RoleBadge role={profile.role} />}
          <button
            type="button"
            className="button button--secondary button--small"
            disabled={signOut.isPending}
            onClick={handleSignOut}
          >
            {t('auth.signOut')}
          </button>
        </div>
      </header>
      {/* The title bar is inside the main landmark: no content outside one (axe 'region'). */}
      <main className="app-shell__content">
        {title && (
          <div className="app-shell__title-bar">
            <h1 className="app-shell__title">{title}</h1>
          </div>
        )}
        <div className="app-shell__main">{children}</div>
      </main>
      <footer className="app-shell__footer">
        <FooterLogo url={footerLogoUrl} />
      </footer>
    </div>
  );
}
