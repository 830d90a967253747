import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../../config';
import type { Db } from '../../db/db';
import { sendPlatformMail } from '../platform/platform.service';

/**
 * Sends the password-reset link. Failures are logged, never thrown: the request answers the
 * same whether or not an e-mail went out, so it cannot reveal which addresses have accounts.
 */
export async function sendResetLinkMail(
  deps: {
    db: Db;
    config: AppConfig;
    logger: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
  },
  input: { email: string; token: string },
): Promise<void> {
  const link = `${deps.config.publicUrl}/reset-password?token=${encodeURIComponent(input.token)}`;
  try {
    await sendPlatformMail(deps, {
      to: input.email,
      subject: 'Reset your Tappa password',
      text: [
        'Someone asked to reset the password of your Tappa account.',
        '',
        `Choose a new password here (the link works once, for one hour):`,
        link,
        '',
        'If it was not you, ignore this message: your password stays as it is.',
      ].join('\n'),
    });
  } catch (err) {
    deps.logger.error({ err }, 'password reset e-mail could not be sent');
  }
}
