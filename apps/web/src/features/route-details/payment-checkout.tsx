import type { PaymentQuote } from '@tappa/contracts';
import { formatEuroCents } from '@tappa/domain';
import { useMutation } from '../../lib/query';
import { type FormEvent, useState } from 'react';
import { Link } from '../../components/link';
import { openCheckout, quotePayment } from '../../api/route-payment';
import { errorText } from '../../lib/error-text';
import { goToExternalPage } from '../../lib/external-page';
import { useTranslation } from '../../lib/i18n';
import { AccessCodeModal } from './access-code-modal';
import type { PlayAnswer } from './use-route-start';
import './route-choice.css';

/** Props of `PaymentCheckout`. */
export interface PaymentCheckoutProps {
  slug: string;
  routeSlug: string;
  /** Opens the game the server started. */
  onPlay: (answer: PlayAnswer) => void;
  /** The price now without a code, as the server quoted it. */
  quote: PaymentQuote;
  /** The team came back from Stripe's page by its cancel link. */
  cancelled: boolean;
  /** An access code to start from (a printed code card's `?code=`). */
  initialCode: string;
}

/**
 * The payment of a paid route (decision 0045): the price the server quotes, a discount code it
 * checks, the total, and 'Paga' to Stripe's hosted page. Without Stripe connected, the notice
 * and the organiser's access code instead.
 */
export function PaymentCheckout({
  slug,
  routeSlug,
  onPlay,
  quote: listQuote,
  cancelled,
  initialCode,
}: PaymentCheckoutProps) {
  const { t } = useTranslation();
  const [codeOpen, setCodeOpen] = useState(initialCode !== '');
  const [discountCode, setDiscountCode] = useState('');
  const apply = useMutation({
    mutationFn: (code: string) => quotePayment(slug, routeSlug, code),
  });
  const checkout = useMutation({
    mutationFn: (code: string | null) => openCheckout(slug, routeSlug, code),
    // Stripe's hosted page: the team comes back to this page by its success or cancel URL.
    onSuccess: ({ checkout_url }) => goToExternalPage(checkout_url),
  });
  const quote = apply.data ?? listQuote;
  const busy = checkout.isPending || checkout.isSuccess;

  const handleApply = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const code = discountCode.trim();
    if (code === '') apply.reset();
    else apply.mutate(code);
  };

  return (
    <section className="player-card payment" aria-labelledby="payment-title">
      <p className="player-muted">{t('player.payment.title')}</p>
      <h1 id="payment-title" className="player-title">
        {quote.route_title}
      </h1>
      {cancelled && (
        <p className="payment__status" role="status">
          {t('player.payment.cancelled')}
        </p>
      )}
      <dl className="payment__price">
        <dt>{t('player.payment.price')}</dt>
        <dd>
          {formatEuroCents(quote.list_price_cents)}
          {/* Until a code is applied, where one can be: what the row's code would make it. */}
          {quote.payments_connected && !quote.discount && quote.code_price_cents !== null && (
            <span className="payment__code-price">
              {t('player.payment.codePrice', { amount: formatEuroCents(quote.code_price_cents) })}
            </span>
          )}
        </dd>
        {quote.discount && (
          <>
            <dt>{t('player.payment.discount', { code: quote.discount.code })}</dt>
            <dd className="payment__discount">
              − {formatEuroCents(quote.discount.amount_off_cents)}
            </dd>
            <dt>{t('player.payment.total')}</dt>
            <dd>{formatEuroCents(quote.total_cents)}</dd>
          </>
        )}
      </dl>
      {quote.payments_connected ? (
        <>
          <form className="payment__code" onSubmit={handleApply}>
            <label className="player-field">
              <span className="player-field__label">{t('player.payment.discountCode')}</span>
              <input
                className="player-input"
                name="discount_code"
                autoComplete="off"
                autoCapitalize="characters"
                spellCheck={false}
                value={discountCode}
                aria-invalid={apply.isError}
                onChange={(event) => {
                  setDiscountCode(event.target.value.toUpperCase());
                  if (apply.isError) apply.reset();
                }}
              />
            </label>
            <button
              className="player-button player-button--secondary"
              type="submit"
              disabled={apply.isPending || busy}
            >
              {apply.isPending ? t('player.payment.applyingCode') : t('player.payment.applyCode')}
            </button>
          </form>
          {apply.isError && (
            <p className="player-alert" role="alert">
              {errorText(apply.error, t)}
            </p>
          )}
          <button
            className="player-button"
            type="button"
            disabled={busy}
            onClick={() => checkout.mutate(quote.discount?.code ?? null)}
          >
            {busy
              ? t('player.payment.opening')
              : t('player.payment.pay', { amount: formatEuroCents(quote.total_cents) })}
          </button>
          {checkout.isError && (
            <p className="player-alert" role="alert">
              {errorText(checkout.error, t)}
            </p>
          )}
          <p className="player-muted">{t('player.payment.secure')}</p>
        </>
      ) : (
        <>
          <p className="payment__notice" role="note">
            {t('player.payment.unavailable')}
          </p>
          <button className="player-button" type="button" onClick={() => setCodeOpen(true)}>
            {t('player.payment.haveCode')}
          </button>
        </>
      )}
      <Link className="player-button player-button--secondary" to={`/${slug}/select-route`}>
        {t('player.payment.backToRoutes')}
      </Link>
      {codeOpen && (
        <AccessCodeModal
          slug={slug}
          routeSlug={routeSlug}
          onClose={() => setCodeOpen(false)}
          onPlay={onPlay}
          initialCode={initialCode}
        />
      )}
    </section>
  );
}
