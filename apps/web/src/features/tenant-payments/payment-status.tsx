import type { PaymentSettingsView } from '@tappa/contracts';
import { useTenantClock } from '../../components/tenant-clock';
import { useTranslation } from '../../lib/i18n';

/** Props of `PaymentStatus`. */
export interface PaymentStatusProps {
  settings: PaymentSettingsView;
  isDisconnecting: boolean;
  onDisconnect: () => void;
}

/**
 * The status line of the Payments tab: not connected, or connected in test or live mode with the
 * key's hint and the last change, and the button that disconnects.
 */
export function PaymentStatus({ settings, isDisconnecting, onDisconnect }: PaymentStatusProps) {
  const { t } = useTranslation(undefined, { keyPrefix: 'tenantPayments' });
  const formatTime = useTenantClock();
  if (!settings.connected) {
    return (
      <p className="payments__status">
        {t('status')}: <span className="badge">{t('notConnected')}</span>
      </p>
    );
  }
  const isLive = settings.mode === 'live';
  return (
    <div className="payments__status-row">
      <div className="payments__status-text">
        <p className="payments__status">
          {t('status')}:{' '}
          <span className={isLive ? 'badge badge--success' : 'badge badge--warning'}>
            {isLive ? t('connectedLive') : t('connectedTest')}
          </span>{' '}
          {settings.secret_key_hint ? (
            <code>{t('keyHint', { hint: settings.secret_key_hint })}</code>
          ) : null}
        </p>
        {settings.updated_at ? (
          <p className="muted">
            {t('updatedAt', { when: formatTime(settings.updated_at, 'dateTime') })}
          </p>
        ) : null}
        {isLive ? null : <p className="muted">{t('testModeNote')}</p>}
      </div>
      <button
        type="button"
        className="btn btn--danger"
        disabled={isDisconnecting}
        onClick={onDisconnect}
      >
        {isDisconnecting ? t('disconnecting') : t('disconnect')}
      </button>
    </div>
  );
}
