import type { PlatformBrand } from '@tappa/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../../config';
import type { Db } from '../../db/db';
import {
  isMailConfigured,
  type MailMessage,
  type SentMail,
  selectMailer,
} from '../../infra/mailer';
import { findEmailSettings, findPlatformBrand } from './platform.repository';

export { getOrCreateSecret } from './platform.repository';

/** Sends an e-mail through the transport the platform settings select (SMTP2GO, SMTP, outbox). */
export async function sendPlatformMail(
  deps: {
    db: Db;
    config: AppConfig;
    logger: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
  },
  message: MailMessage,
): Promise<SentMail> {
  const settings = deps.config.mailTransport === 'outbox' ? null : await findEmailSettings(deps.db);
  const mailer = selectMailer({
    settings,
    smtpUrl: deps.config.mailTransport === 'outbox' ? null : deps.config.smtpUrl,
    mailFrom: deps.config.mailFrom,
    dataDir: deps.config.dataDir,
    logger: deps.logger,
  });
  try {
    return await mailer.send(message);
  } finally {
    if ('close' in mailer) await mailer.close();
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
 * is configured, or the operator chose the outbox explicitly (`MAIL_TRANSPORT=outbox`).
 */
export async function isMailDeliveryOn(deps: { db: Db; config: AppConfig }): Promise<boolean> {
  if (deps.config.mailTransport === 'outbox') return true;
  return isMailConfigured(await findEmailSettings(deps.db), deps.config.smtpUrl);
}
