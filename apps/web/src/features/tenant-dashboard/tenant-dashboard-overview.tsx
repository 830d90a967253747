import type { ReactNode } from 'react';
import { useTenantDashboard } from '../../api/tenant-dashboard';
import { LoadingSpinner } from '../../components/loading-spinner';
import { errorText } from '../../lib/error-text';
import '../../components/admin-ui.css';
import { useTranslation } from '../../lib/i18n';
import { MessageBoardCard } from './message-board-card';
import './tenant-dashboard.css';

/** Props of `TenantDashboardOverview`. */
export interface TenantDashboardOverviewProps {
  tenantSlug: string;
  /** Shown under the counts while the tenant has no route (the way to a first one). */
  firstRoute?: ReactNode;
}

/** The tenant dashboard: routes, total and active players (last 7 days), and the Message Board. */
export function TenantDashboardOverview({ tenantSlug, firstRoute }: TenantDashboardOverviewProps) {
  const { t } = useTranslation();
  const dashboard = useTenantDashboard(tenantSlug);

  if (dashboard.isPending) return <LoadingSpinner />;

  return (
    <main className="admin-page">
      <h1 className="admin-page__title">{t('tenantArea.tabs.dashboard')}</h1>
      {dashboard.isError ? (
        <p role="alert" className="alert alert--error">
          {errorText(dashboard.error, t)}
        </p>
      ) : (
        <div className="td-stats">
          <StatCard label={t('tenantArea.stats.routes')} value={dashboard.data.routes} />
          <StatCard
            label={t('tenantArea.stats.totalPlayers')}
            value={dashboard.data.registrations}
          />
          <StatCard
            label={t('tenantArea.stats.activePlayers')}
            value={dashboard.data.activePlayers}
            caption={t('tenantArea.stats.activePlayersCaption')}
          />
        </div>
      )}
      {dashboard.isSuccess && dashboard.data.routes === 0 ? firstRoute : null}
      <MessageBoardCard tenantSlug={tenantSlug} />
    </main>
  );
}

/** Props of `StatCard`. */
interface StatCardProps {
  label: string;
  value: number;
  caption?: string;
}

/** One count with its label (and an optional caption such as the time window). */
function StatCard({ label, value, caption }: StatCardProps) {
  return (
    <section className="panel td-stat">
      <h2 className="td-stat__label">{label}</h2>
      <p className="td-stat__value">{value.toLocaleString('it-IT')}</p>
      {caption ? <p className="td-stat__caption">{caption}</p> : null}
    </section>
  );
}
