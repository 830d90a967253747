import type { PublicTenant, SessionResponse } from '@tappa/contracts';
import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate, useParams } from '../../../lib/router';
import { Link } from '../../../components/link';
import { LoadingSpinner } from '../../../components/loading-spinner';
import { FooterLogo } from '../../../components/platform-logo';
import { ForgotPasswordDialog } from '../../../features/auth/forgot-password-dialog';
import { SignInForm } from '../../../features/auth/sign-in-form';
import { ApiError } from '../../../lib/api-client';
import { brandStyle } from '../../../lib/brand-style';
import { useDocumentHead } from '../../../lib/document-head';
import { serverErrorText } from '../../../lib/error-text';
import { usePublicTenant } from '../../../api/public-tenants';
import { useSignOut } from '../../../api/session';
import { useTranslation } from '../../../lib/i18n';

/** Doc 1 §9: how long after a successful sign-in the page may still be on the login path. */
export const REDIRECT_WATCHDOG_MS = 5000;

/**
 * `/:tenantSlug/login`: the tenant's branded sign-in. After signing in, a user with a role in the
 * tenant (the superadmin has all) goes to its dashboard, a judge to its review queue; anyone else
 * is refused and signed out.
 */
export function TenantLoginPage() {
  const { t } = useTranslation();
  const slug = useParams().tenantSlug ?? '';
  const tenant = usePublicTenant(slug);

  if (tenant.isPending) return <LoadingSpinner />;
  if (tenant.isError) {
    if (tenant.error instanceof ApiError && tenant.error.status === 404) return <TenantNotFound />;
    return (
      <main className="page">
        <p className="card alert alert--error" role="alert">
          {serverErrorText(tenant.error, t) ?? t('player.tenantLoadFailed')}
        </p>
      </main>
    );
  }
  return <TenantLogin tenant={tenant.data} />;
}

/** The sign-in card of a loaded tenant. */
function TenantLogin({ tenant }: { tenant: PublicTenant }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const { mutate: signOut } = useSignOut();
  const [notice, setNotice] = useState<string | null>(null);
  const [redirecting, setRedirecting] = useState(false);
  const [forgotEmail, setForgotEmail] = useState<string | null>(null);
  const pathnameRef = useRef(pathname);
  const loginPath = `/${tenant.slug}/login`;
  useDocumentHead({
    title: t('auth.tenantLoginTitle', { tenantName: tenant.name }),
    faviconUrl: tenant.favicon_url,
  });

  useEffect(() => {
    pathnameRef.current = pathname;
  }, [pathname]);

  useEffect(() => {
    if (!redirecting) return;
    const timer = setTimeout(() => {
      if (pathnameRef.current !== loginPath) return;
      setNotice(t('auth.redirectFailed'));
      setRedirecting(false);
    }, REDIRECT_WATCHDOG_MS);
    return () => clearTimeout(timer);
  }, [redirecting, loginPath, t]);

  const handleSignedIn = (session: SessionResponse) => {
    const entry = session.tenants.find((candidate) => candidate.slug === tenant.slug);
    if (entry) {
      setRedirecting(true);
      // A judge may only review (decision 0083): its area is the review queue.
      void navigate(`/${tenant.slug}/${entry.role === 'judge' ? 'live/review' : 'dashboard'}`);
      return;
    }
    // The notice shows once the session is gone, so what the page says is already true.
    signOut(undefined, { onSettled: () => setNotice(t('auth.noTenantAccess')) });
  };

  return (
    // The tenant's colours on its own sign-in card (its button, links and focus rings).
    <main className="page" style={brandStyle(tenant)}>
      <section className="card auth-card">
        <header className="auth-card__header">
          {tenant.logo_url && (
            <img
              className="auth-card__logo"
              src={tenant.logo_url}
              alt={t('auth.tenantLogo', { tenantName: tenant.name })}
            />
          )}
          <h1 className="card__title">{tenant.name}</h1>
        </header>
        <SignInForm
          notice={notice}
          busy={redirecting}
          onSubmitStart={() => setNotice(null)}
          onSignedIn={handleSignedIn}
          onForgotPassword={setForgotEmail}
        />
        <footer className="auth-card__footer">
          <span>{t('common.poweredBy')}</span>
          <FooterLogo />
        </footer>
      </section>
      {forgotEmail !== null && (
        <ForgotPasswordDialog initialEmail={forgotEmail} onClose={() => setForgotEmail(null)} />
      )}
    </main>
  );
}

/** Shown for an unknown tenant slug: 'Tenant non trovato' and a link to the start page. */
function TenantNotFound() {
  const { t } = useTranslation();
  return (
    <main className="page">
      <section className="card notice">
        <h1 className="card__title">{t('errors.tenant_not_found')}</h1>
        <p className="muted">{t('auth.tenantNotFoundHint')}</p>
        <Link className="button" to="/">
          {t('auth.goToStart')}
        </Link>
      </section>
    </main>
  );
}

export default TenantLoginPage;
