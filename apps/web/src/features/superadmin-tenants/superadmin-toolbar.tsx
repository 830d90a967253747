import { useId } from 'react';
import type { ReactNode } from 'react';
import { Link } from '../../components/link';
import { useTranslation } from '../../lib/i18n';

/** Panels of the superadmin dashboard, in the order of the button row. */
export const SUPERADMIN_PANELS = [
  'orphanUsers',
  'manageUsers',
  'brandAssets',
  'settings',
  'auditLog',
  'backups',
] as const;

/** One of the dashboard's panels. */
export type SuperadminPanel = (typeof SUPERADMIN_PANELS)[number];

/** The content of each panel, composed by the page (features do not import each other). */
export type SuperadminPanels = Record<SuperadminPanel, ReactNode>;

/** Props of `SuperadminToolbar`. */
export interface SuperadminToolbarProps {
  openPanel: SuperadminPanel | null;
  onTogglePanel: (panel: SuperadminPanel) => void;
  onNewTenant: () => void;
  panels: SuperadminPanels;
}

/** The button row: one toggle per panel, the link to the media library and 'New Tenant'. */
export function SuperadminToolbar({
  openPanel,
  onTogglePanel,
  onNewTenant,
  panels,
}: SuperadminToolbarProps) {
  const { t } = useTranslation();
  const panelId = useId();
  const toggle = (panel: SuperadminPanel) => (
    <button
      key={panel}
      type="button"
      className={openPanel === panel ? 'btn btn--active' : 'btn'}
      aria-expanded={openPanel === panel}
      aria-controls={openPanel === panel ? panelId : undefined}
      onClick={() => onTogglePanel(panel)}
    >
      {t(`superadmin.${panel}`)}
    </button>
  );
  return (
    <>
      <div className="toolbar sa-toolbar" aria-label={t('superadmin.panelsLabel')} role="group">
        {toggle('orphanUsers')}
        {toggle('manageUsers')}
        <Link className="btn" to="/superadmin/media">
          {t('superadmin.mediaLibrary')}
        </Link>
        {toggle('brandAssets')}
        {toggle('settings')}
        {toggle('auditLog')}
        {toggle('backups')}
        <button type="button" className="btn btn--primary" onClick={onNewTenant}>
          {t('superadmin.newTenant')}
        </button>
      </div>
      {openPanel === null ? null : <div id={panelId}>{panels[openPanel]}</div>}
    </>
  );
}
