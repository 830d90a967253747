import { OutboxMailer, outboxDir } from './outbox.mailer';
import { SmtpMailer } from './smtp.mailer';
import { Smtp2goMailer } from './smtp2go.mailer';
import type { MailerLogger } from './mailer';

export { MailDeliveryError } from './mailer';
export type { MailMessage, Mailer, MailerLogger, SentMail } from './mailer';
export { OutboxMailer, extractLinks, outboxDir, removeOutboxMailsTo } from './outbox.mailer';
export type { OutboxMailerOptions } from './outbox.mailer';
export { SmtpMailer } from './smtp.mailer';
export type { SmtpMailerOptions } from './smtp.mailer';
export { Smtp2goMailer } from './smtp2go.mailer';
export type { Smtp2goMailerOptions } from './smtp2go.mailer';

/** The platform's e-mail settings row as far as transport selection is concerned. */
export interface EmailSettings {
  smtp2go_api_key: string | null;
  sender_email: string | null;
}

/** Inputs for {@link selectMailer}. */
export interface SelectMailerOptions {
  settings: EmailSettings | null;
  smtpUrl: string | null | undefined;
  mailFrom: string | null | undefined;
  /** SMTP2GO API root; the provider's own when null or absent. */
  smtp2goApiUrl?: string | null;
  dataDir: string;
  logger: MailerLogger;
}

/** The From used by the development outbox when no `mailFrom` is configured. */
export const DEFAULT_OUTBOX_FROM = 'Tappa <no-reply@localhost>';

/** Picks SMTP2GO when key and sender are set, else SMTP when `smtpUrl` is set, else the `${dataDir}/outbox` folder. */
export function selectMailer(
  options: SelectMailerOptions,
): OutboxMailer | SmtpMailer | Smtp2goMailer {
  const { settings, dataDir, logger } = options;
  const apiKey = nonEmpty(settings?.smtp2go_api_key);
  const sender = nonEmpty(settings?.sender_email);
  const smtpUrl = nonEmpty(options.smtpUrl);
  const from = nonEmpty(options.mailFrom) ?? DEFAULT_OUTBOX_FROM;
  if (apiKey !== null && sender !== null) {
    return new Smtp2goMailer({
      apiKey,
      sender,
      logger,
      ...(options.smtp2goApiUrl ? { baseUrl: options.smtp2goApiUrl } : {}),
    });
  }
  if (smtpUrl !== null) {
    return new SmtpMailer({ url: smtpUrl, from, logger });
  }
  return new OutboxMailer({ dir: outboxDir(dataDir), from, logger });
}

/**
 * Whether real delivery is configured (SMTP2GO or SMTP); the outbox is only a development
 * fallback that writes `.eml` files, so it does not count as configured.
 */
export function isMailConfigured(
  settings: EmailSettings | null,
  smtpUrl: string | null | undefined,
): boolean {
  const smtp2go =
    nonEmpty(settings?.smtp2go_api_key) !== null && nonEmpty(settings?.sender_email) !== null;
  return smtp2go || nonEmpty(smtpUrl) !== null;
}

function nonEmpty(value: string | null | undefined): string | null {
  const trimmed = value?.trim();
  return trimmed === undefined || trimmed === '' ? null : trimmed;
}
