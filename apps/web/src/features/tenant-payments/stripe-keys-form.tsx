import {
  STRIPE_SECRET_KEY_PATTERN,
  STRIPE_SECRET_MAX_LENGTH,
  STRIPE_WEBHOOK_SECRET_PATTERN,
} from '@tappa/contracts';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from '../../lib/i18n';
import { useConnectStripe } from '../../api/tenant-payments';
import { ErrorAlert } from '../../components/error-alert';
import { FormActions } from '../../components/form-actions';
import { TextField, type TextFieldProps } from '../../components/form-field';
import { errorText } from '../../lib/error-text';

/** Props of `StripeKeysForm`. */
export interface StripeKeysFormProps {
  tenantSlug: string;
  /** Whether keys are stored already: the button then replaces them. */
  isConnected: boolean;
  onSaved: () => void;
}

/** A required, write-only secret: a password field the browser does not offer to fill. */
function SecretField(
  props: Pick<TextFieldProps, 'label' | 'hint' | 'error' | 'value' | 'onValueChange'>,
) {
  return (
    <TextField
      {...props}
      type="password"
      autoComplete="off"
      required
      maxLength={STRIPE_SECRET_MAX_LENGTH}
    />
  );
}

/** Which text a secret field shows when it is refused before sending. */
type SecretError = 'required' | 'invalid' | null;

function checkSecret(value: string, pattern: RegExp): SecretError {
  const trimmed = value.trim();
  if (trimmed === '') return 'required';
  return pattern.test(trimmed) ? null : 'invalid';
}

/**
 * The two write-only secrets of the tenant's Stripe account, both required on every save: the
 * stored ones are never filled in (the server never answers them), and the fields empty after a
 * save. The formats are checked here as the server checks them, so a typo shows by its field.
 */
export function StripeKeysForm({ tenantSlug, isConnected, onSaved }: StripeKeysFormProps) {
  const { t } = useTranslation(undefined, { keyPrefix: 'tenantPayments' });
  const { t: tAll } = useTranslation();
  const [secretKey, setSecretKey] = useState('');
  const [webhookSecret, setWebhookSecret] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const connect = useConnectStripe(tenantSlug);
  const keyError = submitted ? checkSecret(secretKey, STRIPE_SECRET_KEY_PATTERN) : null;
  const webhookError = submitted ? checkSecret(webhookSecret, STRIPE_WEBHOOK_SECRET_PATTERN) : null;

  const errorTextOf = (error: SecretError, invalid: string) =>
    error === 'required'
      ? tAll('superadmin.tenantForm.required')
      : error === 'invalid'
        ? invalid
        : null;

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setSubmitted(true);
    if (
      checkSecret(secretKey, STRIPE_SECRET_KEY_PATTERN) ||
      checkSecret(webhookSecret, STRIPE_WEBHOOK_SECRET_PATTERN)
    ) {
      return;
    }
    connect.mutate(
      { secret_key: secretKey.trim(), webhook_secret: webhookSecret.trim() },
      {
        onSuccess: () => {
          // The secrets leave the page once saved: only the key's hint comes back.
          setSecretKey('');
          setWebhookSecret('');
          setSubmitted(false);
          onSaved();
        },
      },
    );
  }

  return (
    <form noValidate onSubmit={handleSubmit}>
      <fieldset className="form form__section">
        <legend>{t('keysTitle')}</legend>
        {isConnected ? <p className="muted">{t('savedKeysNote')}</p> : null}
        <div className="form__grid">
          <SecretField
            label={t('secretKey')}
            hint={t('secretKeyHint')}
            error={errorTextOf(keyError, t('invalidSecretKey'))}
            value={secretKey}
            onValueChange={setSecretKey}
          />
          <SecretField
            label={t('webhookSecret')}
            hint={t('webhookSecretHint')}
            error={errorTextOf(webhookError, t('invalidWebhookSecret'))}
            value={webhookSecret}
            onValueChange={setWebhookSecret}
          />
        </div>
        <ErrorAlert text={connect.error ? errorText(connect.error, tAll) : null} />
        <FormActions
          submitLabel={isConnected ? t('saveKeys') : t('connect')}
          pendingLabel={t('saving')}
          isPending={connect.isPending}
        />
      </fieldset>
    </form>
  );
}
