import { betterAuth } from 'better-auth';
import { APIError } from 'better-auth/api';
import { PASSWORD_MIN_LENGTH } from '@tappa/contracts';
import { PASSWORD_MAX_LENGTH } from '@tappa/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/db';
import { isDatabaseUnavailable } from '../../db/errors';
import { identityAdapter } from './users.repository';

/** How long a password reset link works (doc: one hour, single use). */
export const RESET_TOKEN_TTL_S = 60 * 60;

/** The identity library, configured for e-mail + password with cookie sessions. */
export function createIdentity(opts: {
  db: Db;
  secret: string;
  publicUrl: string;
  sendResetLink: (input: { email: string; token: string }) => Promise<void>;
  logger: Pick<FastifyBaseLogger, 'warn' | 'error' | 'debug'>;
}) {
  return betterAuth({
    appName: 'Tappa',
    baseURL: opts.publicUrl,
    basePath: '/api/auth',
    secret: opts.secret,
    database: identityAdapter(opts.db),
    emailAndPassword: {
      enabled: true,
      disableSignUp: true,
      minPasswordLength: PASSWORD_MIN_LENGTH,
      maxPasswordLength: PASSWORD_MAX_LENGTH,
      resetPasswordTokenExpiresIn: RESET_TOKEN_TTL_S,
      revokeSessionsOnPasswordReset: true,
      sendResetPassword: ({ user, token }) => opts.sendResetLink({ email: user.email, token }),
    },
    session: { expiresIn: 60 * 60 * 24 * 7, updateAge: 60 * 60 * 24 },
    // A reset link's token is kept as its SHA-256 (`hashToken`), like a session's token.
    verification: { storeIdentifier: 'hashed' },
    // Our endpoints call the library in-process; its own rate limiter and HTTP routes are unused.
    rateLimit: { enabled: false },
    telemetry: { enabled: false },
    // The library's messages go to our structured log, not to the console.
    logger: {
      level: 'warn',
      log: (level, message) => {
        if (level === 'error') opts.logger.error({ source: 'identity' }, message);
        else if (level === 'warn') opts.logger.warn({ source: 'identity' }, message);
        else opts.logger.debug({ source: 'identity' }, message);
      },
    },
    advanced: {
      cookiePrefix: 'tappa',
      // Secure cookies whenever the platform is served over HTTPS.
      useSecureCookies: opts.publicUrl.startsWith('https://'),
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax', path: '/' },
      database: { generateId: () => crypto.randomUUID() },
    },
  });
}

/** The configured identity library instance. */
export type Identity = ReturnType<typeof createIdentity>;

/**
 * Whether the identity library refused a request (a wrong password, no session, a used link),
 * as opposed to failing: it wraps a database that is down in its own error too, which must stay
 * a 503 (decision 0055).
 */
export function isIdentityRefusal(error: unknown): error is APIError {
  return error instanceof APIError && !isDatabaseUnavailable(error);
}
