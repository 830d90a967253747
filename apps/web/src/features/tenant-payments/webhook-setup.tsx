import { STRIPE_WEBHOOK_EVENTS } from '@tappa/contracts';
import { useId } from 'react';
import { useTranslation } from '../../lib/i18n';

/** Props of `WebhookSetup`. */
export interface WebhookSetupProps {
  webhookUrl: string;
  onCopy: (url: string) => void;
}

/**
 * What the tenant admin sets up in Stripe's dashboard: the endpoint URL (to copy) and the events
 * to select. Payments are confirmed only by those signed events, so this is part of connecting.
 */
export function WebhookSetup({ webhookUrl, onCopy }: WebhookSetupProps) {
  const { t } = useTranslation(undefined, { keyPrefix: 'tenantPayments' });
  const titleId = useId();
  const urlId = useId();
  const eventsId = useId();
  return (
    <section className="form form__section payments__webhook" aria-labelledby={titleId}>
      <h3 id={titleId} className="payments__subtitle">
        {t('webhookTitle')}
      </h3>
      <p>{t('webhookIntro')}</p>
      <div className="form-field">
        <label htmlFor={urlId} className="form-field__label">
          {t('webhookUrl')}
        </label>
        <div className="payments__copy-row">
          <input id={urlId} className="input payments__url" readOnly value={webhookUrl} />
          <button type="button" className="btn" onClick={() => onCopy(webhookUrl)}>
            {t('copyUrl')}
          </button>
        </div>
      </div>
      <p id={eventsId} className="form-field__label">
        {t('events')}
      </p>
      <ul className="payments__events" aria-labelledby={eventsId}>
        {STRIPE_WEBHOOK_EVENTS.map((event) => (
          <li key={event}>
            <code>{event}</code>
          </li>
        ))}
      </ul>
      <p className="muted">{t('help')}</p>
    </section>
  );
}
