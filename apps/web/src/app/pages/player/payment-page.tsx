import { useTranslation } from 'react-i18next';
import { Navigate, useParams } from 'react-router';
import { LoadingSpinner } from '../../../components/loading-spinner';
import { PlayerHeader } from '../../../features/player-common/player-header';
import { PlayerTenantGate } from '../../../features/player-common/player-tenant-gate';
import { useRouteDetails } from '../../../features/route-details/details-api';
import { PaymentSummary } from '../../../features/route-details/payment-summary';
import { ApiError } from '../../../lib/api-client';
import { serverMessage } from '../../../lib/error-message';

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
          <Payment slug={slug} routeSlug={routeSlug} />
        </>
      )}
    </PlayerTenantGate>
  );
}

/** The route's price, read from the server (a missing route goes back to the list). */
function Payment({ slug, routeSlug }: { slug: string; routeSlug: string }) {
  const route = useRouteDetails(slug, routeSlug);
  if (route.isPending) return <LoadingSpinner />;
  if (route.isError) {
    if (route.error instanceof ApiError && route.error.status === 404) {
      return <Navigate to={`/${slug}/select-route`} replace />;
    }
    return (
      <p className="player-alert" role="alert">
        {serverMessage(route.error) ?? route.error.message}
      </p>
    );
  }
  return <PaymentSummary slug={slug} route={route.data} />;
}

export default PaymentPage;
