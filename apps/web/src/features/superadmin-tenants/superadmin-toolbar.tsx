import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** Panels of the superadmin dashboard (their content arrives with later issues). */
export const SUPERADMIN_PANELS = ['orphanUsers', 'manageUsers', 'brandAssets', 'settings'] as const;

/** One of the dashboard's panels. */
export type SuperadminPanel = (typeof SUPERADMIN_PANELS)[number];

/** Props of `SuperadminToolbar`. */
export interface SuperadminToolbarProps {
  openPanel: SuperadminPanel | null;
  onTogglePanel: (panel: SuperadminPanel) => void;
  onNewTenant: () => void;
}

/** The button row: one toggle per panel, the link to the media library and 'New Tenant'. */
export function SuperadminToolbar({
  openPanel,
  onTogglePanel,
  onNewTenant,
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
        <button type="button" className="btn btn--primary" onClick={onNewTenant}>
          {t('superadmin.newTenant')}
        </button>
      </div>
      {openPanel ? <ComingSoonPanel id={panelId} panel={openPanel} /> : null}
    </>
  );
}

/** Props of `ComingSoonPanel`. */
interface ComingSoonPanelProps {
  id: string;
  panel: SuperadminPanel;
}

/** A panel whose feature belongs to a later issue: its title and 'Funzionalità in arrivo'. */
function ComingSoonPanel({ id, panel }: ComingSoonPanelProps) {
  const { t } = useTranslation();
  return (
    <section id={id} className="panel" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="panel__title">
        {t(`superadmin.${panel}`)}
      </h2>
      <p className="muted">{t('common.comingSoon')}</p>
    </section>
  );
}
