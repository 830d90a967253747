import { useId } from 'react';
import { useEmailSettings } from '../../api/email-settings';
import { Notice, useNotice } from '../../components/notice';
import { QueryState } from '../../components/query-state';
import { useTranslation } from '../../lib/i18n';
import { EmailSettingsForm } from './email-settings-form';
import { TestEmailForm } from './test-email-form';
import '../../components/admin-ui.css';
import './email-settings.css';

/** Doc 1 §9: a saved message stays 3 seconds. */
export const SETTINGS_NOTICE_MS = 3000;
/** Doc 1 §9: the test-email message stays 5 seconds. */
export const TEST_EMAIL_NOTICE_MS = 5000;

/**
 * The Settings panel of the superadmin dashboard (doc 1 §2): the e-mail sending settings and
 * the test-email sender, each with its own success message and duration; the test e-mail's
 * message also says which transport took it.
 */
export function EmailSettingsPanel() {
  const { t } = useTranslation();
  const titleId = useId();
  const settings = useEmailSettings();
  const saved = useNotice(SETTINGS_NOTICE_MS);
  const sent = useNotice(TEST_EMAIL_NOTICE_MS);

  return (
    <section className="panel" aria-labelledby={titleId}>
      {/* One floating message at a time: the newest replaces the other. */}
      <Notice notice={sent.notice ?? saved.notice} />
      <h2 id={titleId} className="panel__title">
        {t('superadmin.settings')}
      </h2>
      <div className="sa-email">
        <QueryState query={settings}>
          {(stored) => (
            <EmailSettingsForm
              stored={stored}
              onSaved={() => {
                sent.dismiss();
                saved.show({ kind: 'success', text: t('superadmin.settingsSaved') });
              }}
            />
          )}
        </QueryState>
        <TestEmailForm
          onSent={(transport) => {
            saved.dismiss();
            // The spec's text, then which transport took the message (decision 0059).
            const text = `${t('superadmin.testEmailSent')} ${t(`superadmin.testEmailTransport.${transport}`)}`;
            sent.show({ kind: 'success', text });
          }}
        />
      </div>
    </section>
  );
}
