import { createHash, randomBytes } from 'node:crypto';
import { MAILS_PER_RECIPIENT } from '@tappa/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../../config';
import type { Db } from '../../db/db';
import type { TenantScope } from '../../db/scope';
import { AppError } from '../../errors';
import { takeFromBucket } from '../limits/limits.service';
import { sendPlatformMail } from '../platform/platform.service';
import { findVerification, insertVerification, markVerified } from './players.repository';

/** Verification links work for 24 hours, once. */
export const VERIFICATION_TTL_MS = 24 * 60 * 60 * 1000;

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** Sends the e-mail verification link for the start screen (`/{slug}/verify-email?token=…`). */
export async function sendVerificationLink(
  deps: {
    db: Db;
    config: AppConfig;
    logger: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
    now: Date;
  },
  tenant: { scope: TenantScope; name: string },
  email: string,
): Promise<void> {
  const token = randomBytes(32).toString('base64url');
  await insertVerification(deps.db, tenant.scope, {
    tokenHash: sha256(token),
    email,
    expiresAt: new Date(deps.now.getTime() + VERIFICATION_TTL_MS),
  });
  const link = `${deps.config.publicUrl}/${tenant.scope.slug}/verify-email?token=${token}`;
  try {
    await sendPlatformMail(deps, {
      to: email,
      subject: `${tenant.name}: conferma la tua email`,
      text: [
        `Per giocare con ${tenant.name} conferma il tuo indirizzo email aprendo questo link`,
        '(valido 24 ore, una sola volta):',
        link,
        '',
        'Se non sei stato tu, ignora questo messaggio.',
      ].join('\n'),
    });
  } catch (err) {
    deps.logger.error({ err }, 'verification e-mail could not be sent');
    throw new AppError('verification_mail_failed');
  }
}

/**
 * Sends a verification link within the limit of mails per address (`MAILS_PER_RECIPIENT`,
 * shared by identification and 'Invia di nuovo'), so nobody floods a mailbox through us.
 */
export async function sendLimitedVerificationLink(
  deps: Parameters<typeof sendVerificationLink>[0],
  tenant: { scope: TenantScope; name: string },
  email: string,
): Promise<void> {
  const key = `verification-mail:${email}`;
  if ((await takeFromBucket(deps.db, key, MAILS_PER_RECIPIENT, deps.now.getTime())).waitMs > 0) {
    throw new AppError('too_many_verification_mails');
  }
  await sendVerificationLink(deps, tenant, email);
}

/**
 * Checks an e-mailed verification token (doc 2 §4): found, not yet verified and not expired;
 * marks it verified (single use) and returns the e-mail it proves.
 */
export async function verifyEmailToken(
  db: Db,
  scope: TenantScope,
  opts: { token: string; now: Date },
): Promise<string> {
  if (!/^[A-Za-z0-9_-]{20,100}$/.test(opts.token)) {
    throw new AppError('verification_token_invalid');
  }
  const row = await findVerification(db, scope, sha256(opts.token));
  if (!row) throw new AppError('verification_token_not_found');
  if (row.verified) throw new AppError('email_already_verified');
  if (row.expires_at.getTime() < opts.now.getTime()) {
    throw new AppError('verification_token_expired');
  }
  if (!(await markVerified(db, scope, { id: row.id, now: opts.now }))) {
    throw new AppError('email_already_verified');
  }
  return row.email;
}
