import { isTenantAdmin } from '@tappa/domain';
import type { ReactNode } from 'react';
import { useId } from 'react';
import type { KeyboardEvent } from 'react';
import { useParams, useSearchParams } from '../../../lib/router';
import { Link } from '../../../components/link';
import { useSession } from '../../../api/session';
import { TenantAreaLayout } from '../../../components/tenant-area-layout';
import { TenantBrandTab } from '../../../features/tenant-brand/tenant-brand-tab';
import { TenantPaymentsTab } from '../../../features/tenant-payments/tenant-payments-tab';
import { TenantPlayersTab } from '../../../features/tenant-players/tenant-players-tab';
import { TenantStaffTab } from '../../../features/tenant-staff/tenant-staff-tab';
import { tenantRoleFor } from '../../../lib/session-roles';
import '../../../components/admin-ui.css';
import { useTranslation } from '../../../lib/i18n';
import './tenant-settings-page.css';

/** The settings tabs with content, in the order of the tab bar (Media Library is a link). */
const SETTINGS_TABS = ['brand', 'adminUsers', 'players', 'payments'] as const;

/** One of the settings tabs. */
type SettingsTab = (typeof SETTINGS_TABS)[number];

/** The tab's value in the URL (`?tab=admin-users`), so a reload or a link keeps it. */
const TAB_PARAM: Record<SettingsTab, string> = {
  brand: 'brand',
  adminUsers: 'admin-users',
  players: 'players',
  payments: 'payments',
};

/** The tabs only the tenant's admins and the superadmin see (the server refuses the others). */
const ADMIN_ONLY_TABS: ReadonlySet<SettingsTab> = new Set(['payments']);

/** The tab the URL names among `tabs`; Brand when it names none (or one not shown). */
function tabOf(param: string | null, tabs: readonly SettingsTab[]): SettingsTab {
  return tabs.find((tab) => TAB_PARAM[tab] === param) ?? 'brand';
}

/** The content of each tab, keyed by tab (each comes from its own feature). */
function tabContents(tenantSlug: string): Record<SettingsTab, ReactNode> {
  return {
    brand: <TenantBrandTab tenantSlug={tenantSlug} />,
    adminUsers: <TenantStaffTab tenantSlug={tenantSlug} />,
    players: <TenantPlayersTab tenantSlug={tenantSlug} />,
    payments: <TenantPaymentsTab tenantSlug={tenantSlug} />,
  };
}

/**
 * `/:tenantSlug/settings`: the tenant settings (doc 1 §2) in the tenant area shell, with the tabs
 * Brand, Admin Users, Players, Payments (tenant admins only: decision 0043) and Media Library (a
 * link to `/{slug}/media`).
 */
export function TenantSettingsPage() {
  const { t } = useTranslation();
  const { tenantSlug = '' } = useParams();
  const [params, setParams] = useSearchParams();
  const id = useId();
  const session = useSession();
  const role = session.data ? tenantRoleFor(session.data, tenantSlug) : null;
  const tabs = SETTINGS_TABS.filter((tab) => !ADMIN_ONLY_TABS.has(tab) || isTenantAdmin(role));
  const current = tabOf(params.get('tab'), tabs);

  function choose(tab: SettingsTab) {
    setParams({ tab: TAB_PARAM[tab] }, { replace: true });
    document.getElementById(`${id}-${tab}`)?.focus();
  }

  // The arrow keys move between the tabs, as a tab list does.
  function handleKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (step === 0) return;
    event.preventDefault();
    const at = tabs.indexOf(current);
    choose(tabs[(at + step + tabs.length) % tabs.length]!);
  }

  return (
    <TenantAreaLayout>
      <main className="admin-page admin-page--wide">
        <h1 className="admin-page__title">{t('tenantArea.tabs.settings')}</h1>
        <div className="settings-tabs__bar">
          <div
            className="settings-tabs__list"
            role="tablist"
            aria-label={t('tenantArea.settingsTabsLabel')}
            onKeyDown={handleKeyDown}
          >
            {tabs.map((tab) => (
              <button
                key={tab}
                id={`${id}-${tab}`}
                type="button"
                role="tab"
                className="settings-tabs__tab"
                aria-selected={tab === current}
                aria-controls={`${id}-panel`}
                tabIndex={tab === current ? 0 : -1}
                onClick={() => choose(tab)}
              >
                {t(`tenantArea.settingsTabs.${tab}`)}
              </button>
            ))}
          </div>
          {/* A link, not a tab: outside the tab list, as a tab list holds only tabs. */}
          <Link className="settings-tabs__tab" to={`/${tenantSlug}/media`}>
            {t('tenantArea.settingsTabs.mediaLibrary')}
          </Link>
        </div>
        <div id={`${id}-panel`} role="tabpanel" aria-labelledby={`${id}-${current}`}>
          {tabContents(tenantSlug)[current]}
        </div>
      </main>
    </TenantAreaLayout>
  );
}

export default TenantSettingsPage;
