import type { RouteDetails } from '@tappa/contracts';
import { formatEuroCents } from '@tappa/domain';
import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '../../lib/i18n';
import './route-choice.css';

/** Props of `PaymentSummary`. */
export interface PaymentSummaryProps {
  slug: string;
  route: Pick<RouteDetails, 'title' | 'price_cents'>;
}

/**
 * The payment target of a paid route: its title, its current price and a discount-code field,
 * with the plain statement that online payment is not available yet (no fake payment button).
 */
export function PaymentSummary({ slug, route }: PaymentSummaryProps) {
  const { t } = useTranslation();
  const [discountCode, setDiscountCode] = useState('');
  return (
    <section className="player-card payment" aria-labelledby="payment-title">
      <p className="player-muted">{t('player.payment.title')}</p>
      <h1 id="payment-title" className="player-title">
        {route.title}
      </h1>
      <dl className="payment__price">
        <dt>{t('player.payment.price')}</dt>
        <dd className={route.price_cents === null ? 'payment__no-price' : undefined}>
          {route.price_cents === null
            ? t('errors.route_without_price')
            : formatEuroCents(route.price_cents)}
        </dd>
      </dl>
      <label className="player-field">
        <span className="player-field__label">{t('player.payment.discountCode')}</span>
        <input
          className="player-input"
          name="discount_code"
          autoComplete="off"
          value={discountCode}
          onChange={(event) => setDiscountCode(event.target.value.toUpperCase())}
        />
      </label>
      <p className="payment__notice" role="note">
        {t('player.payment.unavailable')}
      </p>
      <Link className="player-button player-button--secondary" to={`/${slug}/select-route`}>
        {t('player.payment.backToRoutes')}
      </Link>
    </section>
  );
}
