import type { PublicTenant } from '@tappa/contracts';
import { type ReactNode, useEffect } from 'react';
import { usePublicTenant } from '../../api/public-tenants';
import { LoadingSpinner } from '../../components/loading-spinner';
import { FooterLogo } from '../../components/platform-logo';
import { ApiError } from '../../lib/api-client';
import { useDocumentHead } from '../../lib/document-head';
import { errorText } from '../../lib/error-text';
import { useTranslation } from '../../lib/i18n';
import { registerPlayerServiceWorker, tenantManifestUrl } from '../../lib/offline-cache';
import './player.css';
import './player-forms.css';

/** Props of `PlayerTenantGate`. */
export interface PlayerTenantGateProps {
  slug: string;
  /** The page title once the tenant is known. */
  title?: (tenant: PublicTenant) => string;
  /** Whether the gate draws the 'Powered by' footer, the platform's logo (false: the page draws its own). */
  footer?: boolean;
  children: (tenant: PublicTenant) => ReactNode;
}

/**
 * Frame of every player page: loads the tenant, answers 'Tenant non trovato' or that the service
 * is unavailable, and otherwise renders the page in the tenant's colours with the footer.
 */
export function PlayerTenantGate({ slug, title, footer = true, children }: PlayerTenantGateProps) {
  const { t } = useTranslation();
  const tenant = usePublicTenant(slug);
  const data = tenant.data;
  useDocumentHead({
    title: data && title ? title(data) : null,
    faviconUrl: data?.brand_favicon_url ?? data?.favicon_url,
    manifestUrl: data ? tenantManifestUrl(data.slug) : null,
  });
  // The installable, offline-tolerant player (decision 0037): only player pages install it.
  useEffect(() => void registerPlayerServiceWorker(), []);

  if (tenant.isPending) return <LoadingSpinner />;
  if (tenant.isError) {
    const missing = tenant.error instanceof ApiError && tenant.error.status === 404;
    return (
      <PlayerMessage
        title={missing ? t('errors.tenant_not_found') : t('player.tenantLoadFailed')}
        text={missing ? null : errorText(tenant.error, t)}
      />
    );
  }
  if (!tenant.data.is_available) {
    return <PlayerMessage title={tenant.data.name} text={t('errors.tenant_unavailable')} />;
  }
  return (
    <div className="player" style={tenant.data?.brand_style}>
      <main className="player__main">{children(tenant.data)}</main>
      {footer && (
        <footer className="player__footer">
          <span>{t('common.poweredBy')}</span>
          <FooterLogo />
        </footer>
      )}
    </div>
  );
}

/** A full-page message of a player page that cannot be shown. */
function PlayerMessage({ title, text }: { title: string; text: string | null }) {
  return (
    <div className="player">
      <main className="player__main player__main--centred">
        <section className="player-card player-message" role="alert">
          <h1 className="player-title">{title}</h1>
          {text && <p className="player-muted">{text}</p>}
        </section>
      </main>
    </div>
  );
}
