import type { ReactNode } from 'react';
import { Link } from '../../components/link';
import { useTranslation } from '../../lib/i18n';

/** Props of `EditorHeader`. */
export interface EditorHeaderProps {
  title: string;
  tenantSlug: string;
  routeId: string;
  /** Status and actions shown on the right (distance, save). */
  children?: ReactNode;
}

/** The editor's title row: 'Steps: {title}', links back to the routes and to the QR sheet. */
export function EditorHeader({ title, tenantSlug, routeId, children }: EditorHeaderProps) {
  const { t } = useTranslation();
  const routesPath = `/${tenantSlug}/routes`;
  return (
    <header className="se-header">
      <div className="se-header__main">
        <nav className="se-header__links">
          <Link className="se-link" to={routesPath}>
            {t('stepEditor.backToRoutes')}
          </Link>
          <Link className="se-link" to={`${routesPath}/${encodeURIComponent(routeId)}/qr-sheet`}>
            {t('stepEditor.qrSheet')}
          </Link>
        </nav>
        <h1 className="se-header__title">{title}</h1>
      </div>
      {children ? <div className="se-header__side">{children}</div> : null}
    </header>
  );
}
