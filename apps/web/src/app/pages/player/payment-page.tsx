import { useParams } from 'react-router';
import { PlayerHeader } from '../../../features/player-common/player-header';
import { PlayerTenantGate } from '../../../features/player-common/player-tenant-gate';
import { PaymentSummary } from '../../../features/route-details/payment-summary';
import { RouteDetailsLoader } from '../../../features/route-details/route-details-loader';
import { useTranslation } from '../../../lib/i18n';

/**
 * `/:tenantSlug/:routeSlug/payment`: the payment target of a paid route. Online payment does not
 * exist yet: the page shows the price and sends the team to the organiser for an access code.
 */
export function PaymentPage() {
  const { t } = useTranslation();
  const params = useParams();
  const slug = params.tenantSlug ?? '';
  const routeSlug = params.routeSlug ?? '';
  return (
    <PlayerTenantGate
      slug={slug}
      title={(tenant) => `${tenant.name} - ${t('player.payment.title')}`}
    >
      {(tenant) => (
        <>
          <PlayerHeader
            tenant={tenant}
            backTo={`/${slug}/${encodeURIComponent(routeSlug)}/details`}
          />
          <RouteDetailsLoader slug={slug} routeSlug={routeSlug}>
            {(route) => <PaymentSummary slug={slug} route={route} />}
          </RouteDetailsLoader>
        </>
      )}
    </PlayerTenantGate>
  );
}

export default PaymentPage;
