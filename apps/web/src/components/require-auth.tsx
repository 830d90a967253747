import { isReviewer, isTenantStaff, loginPathFor } from '@tappa/domain';
import type { Role } from '@tappa/domain';
import type { ReactNode } from 'react';
import { Navigate, Outlet, useLocation, useParams } from '../lib/router';
import { useSession, useSignOut } from '../api/session';
import { useTranslation } from '../lib/i18n';
import { tenantRoleFor } from '../lib/session-roles';
// Admin pages sit behind this guard: their texts load with it.
import '../lib/admin-texts';
import { LoadingSpinner } from './loading-spinner';
import './ui.css';

/**
 * Props of `RequireAuth`: the role a page needs (none: any active signed-in user); `reviewer`
 * admits the tenant's staff and its judges (the review queue and the photo wall, decision 0083).
 */
export interface RequireAuthProps {
  role?: 'superadmin' | 'tenant_admin' | 'reviewer';
  /** What to show once admitted; defaults to the child routes (`<Outlet />`). */
  children?: ReactNode;
}

/**
 * Route guard (doc 1 §2): spinner while the session loads, the login page for visitors, a notice
 * for inactive accounts, and `/home` for users without the required role.
 */
export function RequireAuth({ role, children }: RequireAuthProps) {
  const session = useSession();
  const location = useLocation();
  const { tenantSlug } = useParams();

  if (session.isPending) return <LoadingSpinner />;
  const profile = session.data?.profile;
  if (!session.data || !profile) {
    return <Navigate to={loginPathFor(location.pathname)} replace />;
  }
  if (!profile.is_active) return <AccountInactive />;

  if (role) {
    const held: Role | null =
      role !== 'superadmin' && tenantSlug !== undefined
        ? tenantRoleFor(session.data, tenantSlug)
        : profile.role;
    // The spec's required role `tenant_admin` admits the tenant's whole staff (doc 1 §2).
    const isAdmitted =
      role === 'superadmin'
        ? held === 'superadmin'
        : role === 'reviewer'
          ? isReviewer(held)
          : isTenantStaff(held);
    if (!isAdmitted) return <Navigate to="/home" replace />;
  }
  return children ?? <Outlet />;
}

/** 'Your account is inactive' with a way to sign out. */
function AccountInactive() {
  const { t } = useTranslation();
  const signOut = useSignOut();
  return (
    <main className="page">
      <section className="card notice" role="alert">
        <h1 className="card__title">{t('errors.account_inactive')}</h1>
        <button
          type="button"
          className="button button--secondary"
          disabled={signOut.isPending}
          onClick={() => signOut.mutate()}
        >
          {t('auth.signOut')}
        </button>
      </section>
    </main>
  );
}
