import { useParams, useSearchParams } from '../../../lib/router';
import { PlayerTenantGate } from '../../../features/player-common/player-tenant-gate';
import { BigScreen } from '../../../features/scoreboards/big-screen';
import { useTranslation } from '../../../lib/i18n';

/**
 * `/:tenantSlug/classifica[?route=]`: the public scoreboard for a projector at the event, in the
 * tenant's brand, updated live. Linked from the admin live scoreboard.
 */
export function BigScreenPage() {
  const { t } = useTranslation();
  const slug = useParams().tenantSlug ?? '';
  const routeSlug = useSearchParams()[0].get('route') || null;
  return (
    <PlayerTenantGate
      slug={slug}
      title={(tenant) => t('scoreboard.pageTitle', { tenant: tenant.name })}
      footer={false}
    >
      {(tenant) => <BigScreen tenant={tenant} routeSlug={routeSlug} />}
    </PlayerTenantGate>
  );
}

export default BigScreenPage;
