import { useQuery } from '../../../lib/query';
import { Navigate, useParams, useSearchParams } from '../../../lib/router';
import { quotePayment, routePaymentKeys } from '../../../api/route-payment';
import { LoadingSpinner } from '../../../components/loading-spinner';
import { PlayerHeader } from '../../../features/player-common/player-header';
import { PlayerTenantGate } from '../../../features/player-common/player-tenant-gate';
import { RequireTeam } from '../../../features/player-common/require-team';
import { useGoToGameplay } from '../../../features/player-common/use-resume-game';
import { PaymentCheckout } from '../../../features/route-details/payment-checkout';
import { PaymentReturn } from '../../../features/route-details/payment-return';
import { ApiError } from '../../../lib/api-client';
import { errorText } from '../../../lib/error-text';
import { useTranslation } from '../../../lib/i18n';

/**
 * `/:tenantSlug/:routeSlug/payment`: the payment of a paid route (decision 0045). Stripe's page
 * sends the team back with `?session_id=` (wait for the confirmation, then play) or
 * `?cancelled=1` (the form again, with a word that nothing was charged).
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
          <RequireTeam slug={slug}>
            {() => <PaymentFlow slug={slug} routeSlug={routeSlug} />}
          </RequireTeam>
        </>
      )}
    </PlayerTenantGate>
  );
}

/** The return from Stripe, or the payment form at the price the server quotes now. */
function PaymentFlow({ slug, routeSlug }: { slug: string; routeSlug: string }) {
  const { t } = useTranslation();
  const [search, setSearch] = useSearchParams();
  const goToGameplay = useGoToGameplay(slug);
  const returning = search.has('session_id');
  const quote = useQuery({
    queryKey: routePaymentKeys.quote(slug, routeSlug, null),
    queryFn: ({ signal }) => quotePayment(slug, routeSlug, null, signal),
    enabled: !returning,
  });
  if (returning) {
    return (
      <PaymentReturn
        slug={slug}
        routeSlug={routeSlug}
        onPlay={goToGameplay}
        onRetry={() => setSearch({}, { replace: true })}
      />
    );
  }
  if (quote.isPending) return <LoadingSpinner />;
  if (quote.isError) {
    if (quote.error instanceof ApiError && quote.error.status === 404) {
      return <Navigate to={`/${slug}/select-route`} replace />;
    }
    return (
      <p className="player-alert" role="alert">
        {errorText(quote.error, t)}
      </p>
    );
  }
  return (
    <PaymentCheckout
      slug={slug}
      routeSlug={routeSlug}
      onPlay={goToGameplay}
      quote={quote.data}
      cancelled={search.get('cancelled') === '1'}
      initialCode={search.get('code') ?? ''}
    />
  );
}

export default PaymentPage;
