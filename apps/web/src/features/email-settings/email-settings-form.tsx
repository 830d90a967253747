import { MAIL_API_KEY_MAX_LENGTH, type EmailSettingsView } from '@tappa/contracts';
import { EMAIL_MAX_LENGTH } from '@tappa/domain';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { useSaveEmailSettings } from '../../api/email-settings';
import { FormActions } from '../../components/form-actions';
import { ErrorAlert } from '../../components/error-alert';
import { TextField } from '../../components/form-field';
import { errorText } from '../../lib/error-text';
import { checkRequired, checkRequiredEmail, fieldErrorText } from '../../lib/field-checks';
import { useTranslation } from '../../lib/i18n';

/** Props of `EmailSettingsForm`. */
export interface EmailSettingsFormProps {
  stored: EmailSettingsView;
  onSaved: () => void;
}

/**
 * The mail provider's API key and the sender, both required (doc 1 §5). The stored key is never
 * filled in: it shows only masked in the placeholder, and is typed again on each save.
 */
export function EmailSettingsForm({ stored, onSaved }: EmailSettingsFormProps) {
  const { t } = useTranslation();
  const [apiKey, setApiKey] = useState('');
  const [sender, setSender] = useState(stored.sender_email ?? '');
  const [submitted, setSubmitted] = useState(false);
  const save = useSaveEmailSettings();
  const keyError = submitted ? checkRequired(apiKey) : null;
  const senderError = submitted ? checkRequiredEmail(sender) : null;
  const savedKey =
    stored.api_key_set && stored.api_key_masked
      ? t('superadmin.emailSettings.savedKey', { masked: stored.api_key_masked })
      : undefined;

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setSubmitted(true);
    if (checkRequired(apiKey) || checkRequiredEmail(sender)) return;
    save.mutate(
      { api_key: apiKey.trim(), sender_email: sender.trim() },
      {
        onSuccess: () => {
          // The key leaves the page once saved: only its masked form comes back.
          setApiKey('');
          setSubmitted(false);
          onSaved();
        },
      },
    );
  }

  return (
    <form noValidate onSubmit={handleSubmit}>
      <fieldset className="form form__section sa-email__section">
        <legend>{t('superadmin.emailSettings.sendingTitle')}</legend>
        <div className="form__grid">
          <TextField
            label={t('superadmin.emailSettings.apiKey')}
            type="password"
            autoComplete="off"
            required
            maxLength={MAIL_API_KEY_MAX_LENGTH}
            placeholder={savedKey}
            hint={
              savedKey
                ? t('superadmin.emailSettings.savedKeyHint')
                : t('superadmin.emailSettings.apiKeyHint')
            }
            error={fieldErrorText(keyError, t)}
            value={apiKey}
            onValueChange={setApiKey}
          />
          <TextField
            label={t('superadmin.emailSettings.senderEmail')}
            type="email"
            autoComplete="off"
            required
            maxLength={EMAIL_MAX_LENGTH}
            hint={t('superadmin.emailSettings.senderHint')}
            error={fieldErrorText(senderError, t)}
            value={sender}
            onValueChange={setSender}
          />
        </div>
        <ErrorAlert text={save.error ? errorText(save.error, t) : null} />
        <FormActions
          submitLabel={t('superadmin.emailSettings.save')}
          pendingLabel={t('superadmin.emailSettings.saving')}
          isPending={save.isPending}
        />
      </fieldset>
    </form>
  );
}
