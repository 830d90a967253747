import { describe, expect, it } from 'vitest';
import { createRecordingLogger } from '../../../test/helpers/recording-logger';
import { OutboxMailer, SmtpMailer, Smtp2goMailer, isMailConfigured, selectMailer } from './index';

const logger = createRecordingLogger();
const base = { dataDir: '/tmp/tappa-never-written', logger };
const smtp2goSettings = { smtp2go_api_key: 'api-key', sender_email: 'hello@tappa.test' };

describe('selectMailer', () => {
  it('picks SMTP2GO when both the API key and the sender are set, even with an SMTP URL', () => {
    const mailer = selectMailer({
      ...base,
      settings: smtp2goSettings,
      smtpUrl: 'smtp://h:25',
      mailFrom: 'x@y',
    });
    expect(mailer).toBeInstanceOf(Smtp2goMailer);
    expect(mailer.transport).toBe('smtp2go');
  });

  it('falls back to SMTP when SMTP2GO is incomplete and an SMTP URL is set', async () => {
    for (const settings of [
      null,
      { smtp2go_api_key: 'k', sender_email: null },
      { smtp2go_api_key: '', sender_email: 's@t' },
    ]) {
      const mailer = selectMailer({
        ...base,
        settings,
        smtpUrl: 'smtp://127.0.0.1:2525',
        mailFrom: 'Tappa <a@b.test>',
      });
      expect(mailer).toBeInstanceOf(SmtpMailer);
      expect(mailer.transport).toBe('smtp');
      if (mailer instanceof SmtpMailer) await mailer.close();
    }
  });

  it('uses the outbox under `${dataDir}/outbox` when nothing is configured', () => {
    const mailer = selectMailer({
      ...base,
      settings: { smtp2go_api_key: null, sender_email: 'a@b' },
      smtpUrl: undefined,
      mailFrom: null,
    });
    expect(mailer).toBeInstanceOf(OutboxMailer);
    expect(mailer.transport).toBe('outbox');
  });
});

describe('isMailConfigured', () => {
  it('is true for SMTP2GO or SMTP and false for the outbox fallback', () => {
    expect(isMailConfigured(smtp2goSettings, null)).toBe(true);
    expect(isMailConfigured(null, 'smtp://h:25')).toBe(true);
    expect(isMailConfigured({ smtp2go_api_key: 'k', sender_email: null }, null)).toBe(false);
    expect(isMailConfigured({ smtp2go_api_key: '  ', sender_email: 's@t' }, '')).toBe(false);
    expect(isMailConfigured(null, undefined)).toBe(false);
  });
});
