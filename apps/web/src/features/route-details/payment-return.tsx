import type { CheckoutPaymentStatus } from '@tappa/contracts';
import { useMutation, useQuery } from '../../lib/query';
import { useEffect } from 'react';
import { Link } from '../../components/link';
import { fetchRoutePayment, routePaymentKeys } from '../../api/route-payment';
import { startRoute } from '../../api/player-routes';
import { errorText } from '../../lib/error-text';
import { useTranslation } from '../../lib/i18n';
import type { PlayAnswer } from './use-route-start';
import './route-choice.css';

/** How often the page asks whether Stripe's signed confirmation has arrived. */
export const POLL_MS = 2000;

/** The payment's outcomes after which there is nothing more to wait for. */
const SETTLED: ReadonlySet<string> = new Set<CheckoutPaymentStatus>([
  'completed',
  'failed',
  'refunded',
]);

/** Props of `PaymentReturn`. */
export interface PaymentReturnProps {
  slug: string;
  routeSlug: string;
  /** Opens the game the server started. */
  onPlay: (answer: PlayAnswer) => void;
  /** Back to the payment form, for another try. */
  onRetry: () => void;
}

/**
 * The team's return from Stripe's page (decision 0045): only the signed webhook confirms a
 * payment, so the page asks the server until it has, then starts the game like a free route.
 */
export function PaymentReturn({ slug, routeSlug, onPlay, onRetry }: PaymentReturnProps) {
  const { t } = useTranslation();
  const payment = useQuery({
    queryKey: routePaymentKeys.status(slug, routeSlug),
    queryFn: ({ signal }) => fetchRoutePayment(slug, routeSlug, signal),
    refetchInterval: (state) => (SETTLED.has(state.data?.status ?? '') ? false : POLL_MS),
  });
  const start = useMutation({
    mutationFn: () => startRoute(slug, routeSlug),
    onSuccess: (answer) => {
      if (answer.next === 'play') onPlay(answer);
    },
  });
  const status = payment.data?.status;
  const { mutate, isIdle } = start;
  useEffect(() => {
    if (status === 'completed' && isIdle) mutate();
    // No checkout on record (an old link): the form, as after a cancel.
    if (status === 'none') onRetry();
  }, [status, isIdle, mutate, onRetry]);

  const failure = start.isError
    ? errorText(start.error, t)
    : start.data && start.data.next !== 'play'
      ? t('errors.internal')
      : null;
  return (
    <section className="player-card payment" aria-labelledby="payment-title" aria-busy={!status}>
      <h1 id="payment-title" className="player-title">
        {t('player.payment.title')}
      </h1>
      {status === 'failed' || status === 'refunded' ? (
        <>
          <p className="player-alert" role="alert">
            {t(`player.payment.${status}`)}
          </p>
          <button className="player-button" type="button" onClick={onRetry}>
            {t('player.payment.retry')}
          </button>
        </>
      ) : status === 'completed' ? (
        !failure && (
          <p className="payment__status" role="status">
            {t('player.payment.confirmed')}
          </p>
        )
      ) : (
        <div className="payment__waiting">
          <span className="spinner__circle" aria-hidden="true" />
          <p role="status">{t('player.payment.waiting')}</p>
          <p className="player-muted">{t('player.payment.waitingHint')}</p>
        </div>
      )}
      {failure && (
        <p className="player-alert" role="alert">
          {failure}
        </p>
      )}
      <Link className="player-button player-button--secondary" to={`/${slug}/select-route`}>
        {t('player.payment.backToRoutes')}
      </Link>
    </section>
  );
}
