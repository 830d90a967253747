import type { PlatformBrand } from '@tappa/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../../config';
import type { Db } from '../../db/db';
import { AppError } from '../../errors';
import {
  isMailConfigured,
  MailDeliveryError,
  type MailMessage,
  type SentMail,
  selectMailer,
} from '../../infra/mailer';
import { readEmailSettings } from './email-settings.service';
import { findPlatformBrand } from './platform.repository';

export { getOrCreateSecret } from './platform.repository';

interface MailDeps {
  db: Db;
  config: AppConfig;
  logger: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
}

/**
 * The superadmin's saved e-mail settings, unless the environment forces its own transport
 * (`MAIL_TRANSPORT_FORCE`, decision 0059): saved SMTP2GO settings win over the environment's
 * default transport.
 */
async function savedSettingsInForce(deps: Pick<MailDeps, 'db' | 'config'>) {
  return deps.config.mailTransportForced ? null : readEmailSettings(deps);
}

/**
 * Sends an e-mail through the transport in force (decision 0059): SMTP2GO when its settings are
 * saved (unless the environment forces its own), else the environment's: the outbox with
 * `MAIL_TRANSPORT=outbox`, SMTP with `SMTP_URL`, the outbox as a fallback.
 */
export async function sendPlatformMail(deps: MailDeps, message: MailMessage): Promise<SentMail> {
  const mailer = selectMailer({
    settings: await savedSettingsInForce(deps),
    smtpUrl: deps.config.mailTransport === 'outbox' ? null : deps.config.smtpUrl,
    mailFrom: deps.config.mailFrom,
    smtp2goApiUrl: deps.config.smtp2goApiUrl,
    dataDir: deps.config.dataDir,
    logger: deps.logger,
  });
  try {
    return await mailer.send(message);
  } finally {
    if ('close' in mailer) await mailer.close();
  }
}

/**
 * Sends the Settings panel's test e-mail through the transport in use, and says which one took
 * it; a refusal answers `test_email_failed` with the transport's reason.
 */
export async function sendTestEmail(deps: MailDeps, to: string): Promise<SentMail> {
  try {
    return await sendPlatformMail(deps, {
      to,
      subject: 'Tappa test email',
      text: 'This is a test email from Tappa: the platform can send e-mail.',
    });
  } catch (error) {
    if (!(error instanceof MailDeliveryError)) throw error;
    throw new AppError('test_email_failed', { reason: error.message }, { message: error.message });
  }
}

/** The platform brand, with the spec's default colours before anything is saved. */
export async function getPlatformBrand(db: Db): Promise<PlatformBrand> {
  const row = await findPlatformBrand(db);
  return {
    logo_url: row?.logo_url ?? null,
    favicon_url: row?.favicon_url ?? null,
    footer_logo_url: row?.footer_logo_url ?? null,
    primary_color: row?.primary_color ?? '#3B82F6',
    secondary_color: row?.secondary_color ?? '#10B981',
  };
}

/**
 * Whether e-mail really reaches people, so players must prove their address: a provider or SMTP
 * is in force, or the operator chose the outbox explicitly (`MAIL_TRANSPORT=outbox`).
 */
export async function isMailDeliveryOn(deps: { db: Db; config: AppConfig }): Promise<boolean> {
  if (deps.config.mailTransport === 'outbox') return true;
  return isMailConfigured(await savedSettingsInForce(deps), deps.config.smtpUrl);
}
