import { useId, useState } from 'react';
import { useTranslation } from '../../lib/i18n';
import { useDisconnectStripe, usePaymentSettings } from '../../api/tenant-payments';
import { ErrorAlert } from '../../components/error-alert';
import { Notice, useNotice } from '../../components/notice';
import { QueryState } from '../../components/query-state';
import { errorText } from '../../lib/error-text';
import { PaymentStatus } from './payment-status';
import { StripeKeysForm } from './stripe-keys-form';
import { WebhookSetup } from './webhook-setup';
import '../../components/admin-ui.css';
import '../../components/forms.css';
import './tenant-payments.css';
import { dialogs } from '../../lib/dialogs';

/** Doc 1 §9: a saved message stays 3 seconds. */
const PAYMENTS_NOTICE_MS = 3000;

/** Props of `TenantPaymentsTab`. */
export interface TenantPaymentsTabProps {
  tenantSlug: string;
}

/**
 * The Payments tab of the tenant settings (issue 17, decision 0043): the tenant's own Stripe
 * account, connected with its secret key and webhook signing secret (write-only), disconnected
 * after a confirmation, and the webhook to set up in Stripe. For tenant admins and the
 * superadmin; the settings page does not show it to game managers (the server refuses them).
 */
export function TenantPaymentsTab({ tenantSlug }: TenantPaymentsTabProps) {
  const { t } = useTranslation(undefined, { keyPrefix: 'tenantPayments' });
  const { t: tAll } = useTranslation();
  const titleId = useId();
  const settings = usePaymentSettings(tenantSlug);
  const disconnect = useDisconnectStripe(tenantSlug);
  const [failure, setFailure] = useState<string | null>(null);
  const { notice, show } = useNotice(PAYMENTS_NOTICE_MS);

  async function handleDisconnect() {
    setFailure(null);
    if (!(await dialogs.confirm(t('confirmDisconnect')))) return;
    disconnect.mutate(undefined, {
      onSuccess: () => show({ kind: 'success', text: t('disconnected') }),
      onError: (error) => setFailure(errorText(error, tAll)),
    });
  }

  async function handleCopy(url: string) {
    setFailure(null);
    try {
      await navigator.clipboard.writeText(url);
      show({ kind: 'success', text: t('urlCopied') });
    } catch {
      setFailure(t('copyFailed'));
    }
  }

  return (
    <section className="panel payments" aria-labelledby={titleId}>
      <Notice notice={notice} />
      <h2 id={titleId} className="panel__title">
        {t('title')}
      </h2>
      <p>{t('intro')}</p>
      <ErrorAlert text={failure} />
      <QueryState query={settings}>
        {(view) => (
          <>
            <PaymentStatus
              settings={view}
              isDisconnecting={disconnect.isPending}
              onDisconnect={() => void handleDisconnect()}
            />
            <div className="payments__grid">
              <StripeKeysForm
                tenantSlug={tenantSlug}
                isConnected={view.connected}
                onSaved={() => {
                  setFailure(null);
                  show({ kind: 'success', text: t('connected') });
                }}
              />
              <WebhookSetup webhookUrl={view.webhook_url} onCopy={(url) => void handleCopy(url)} />
            </div>
          </>
        )}
      </QueryState>
    </section>
  );
}
