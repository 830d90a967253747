import type { MailTransport } from '@tappa/contracts';
import { EMAIL_MAX_LENGTH } from '@tappa/domain';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { useSendTestEmail } from '../../api/email-settings';
import { FormActions } from '../../components/form-actions';
import { ErrorAlert } from '../../components/error-alert';
import { TextField } from '../../components/form-field';
import { serverErrorText } from '../../lib/error-text';
import { checkRequiredEmail, fieldErrorText } from '../../lib/field-checks';
import { useTranslation } from '../../lib/i18n';

/** Props of `TestEmailForm`. */
export interface TestEmailFormProps {
  /** The test e-mail was taken by `transport`. */
  onSent: (transport: MailTransport) => void;
}

/** The test-email sender (doc 1 §2): a required recipient and Send. */
export function TestEmailForm({ onSent }: TestEmailFormProps) {
  const { t } = useTranslation();
  const [recipient, setRecipient] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const send = useSendTestEmail();
  const recipientError = submitted ? checkRequiredEmail(recipient) : null;

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setSubmitted(true);
    if (checkRequiredEmail(recipient)) return;
    send.mutate(
      { test_email: recipient.trim() },
      { onSuccess: (result) => onSent(result.transport) },
    );
  }

  // A refusal reads 'Failed to send test email: {reason}' (the provider's own reason); a failure
  // the server could not explain reads as the spec's 'Failed to send test email'.
  const failure = send.error
    ? (serverErrorText(send.error, t) ?? t('superadmin.testEmailFailed'))
    : null;

  return (
    <form noValidate onSubmit={handleSubmit}>
      <fieldset className="form form__section sa-email__section">
        <legend>{t('superadmin.emailSettings.testTitle')}</legend>
        <TextField
          label={t('superadmin.emailSettings.testEmail')}
          type="email"
          autoComplete="email"
          required
          maxLength={EMAIL_MAX_LENGTH}
          error={fieldErrorText(recipientError, t)}
          value={recipient}
          onValueChange={setRecipient}
        />
        <ErrorAlert text={failure} />
        <FormActions
          submitLabel={t('superadmin.emailSettings.send')}
          pendingLabel={t('superadmin.emailSettings.sending')}
          isPending={send.isPending}
        />
      </fieldset>
    </form>
  );
}
