import {
  ForgotPasswordRequestSchema,
  ResetPasswordRequestSchema,
  SessionResponseSchema,
  session,
  SignInRequestSchema,
} from '@tappa/contracts';
import { fromNodeHeaders } from 'better-auth/node';
import { MAILS_PER_RECIPIENT, retryAfterS } from '@tappa/domain';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { DATABASE_RETRY_AFTER_S } from '../../db/errors';
import { AppError } from '../../errors';
import type { ModuleDeps } from '../../module-deps';
import { admitSignIn, signInSucceeded, takeFromBucket } from '../limits/limits.service';
import { RATE_LIMITS } from '../limits/route-limits';
import { servesOn } from '../access/serve';
import { type Identity, isIdentityRefusal } from '../users/identity';
import { loadCaller } from '../users/users.service';
import { presentSession } from './session.service';

const tags = ['session'];

/** Forwards the cookies the identity library set (sign-in, sign-out, refresh). */
function forwardCookies(reply: FastifyReply, headers: Headers | null | undefined): void {
  const cookies = headers?.getSetCookie() ?? [];
  if (cookies.length > 0) reply.header('set-cookie', cookies);
}

/** The routes of `session` (`@tappa/contracts`): signing in and out, and the password reset. */
export const sessionEndpoints: FastifyPluginAsync<
  Pick<ModuleDeps, 'db' | 'clock' | 'access'> & { identity: Identity }
> = async (app, { db, clock, access, identity }) => {
  const serve = servesOn(app, access);

  serve(session.read, { response: SessionResponseSchema }, { tags }, async ({ request, reply }) => {
    const result = await identity.api.getSession({
      headers: fromNodeHeaders(request.headers),
      returnHeaders: true,
    });
    if (!result.response) throw new AppError('unauthenticated');
    forwardCookies(reply, result.headers);
    return presentSession(db, await loadCaller(db, result.response.user.id));
  });

  serve(
    session.signIn,
    { body: SignInRequestSchema, response: SessionResponseSchema },
    { tags, rateLimit: RATE_LIMITS.signIn },
    async ({ body, request, reply }) => {
      const attempt = { email: body.email.trim().toLowerCase(), address: request.ip };
      // Counted as failed until it succeeds (decision 0019: the owner is never locked out).
      const waitMs = await admitSignIn(db, attempt, clock.nowMs());
      if (waitMs > 0)
        throw new AppError('too_many_sign_ins', { retry_after_s: retryAfterS(waitMs) });
      let result;
      try {
        result = await identity.api.signInEmail({
          body: { email: attempt.email, password: body.password },
          headers: fromNodeHeaders(request.headers),
          returnHeaders: true,
        });
      } catch (error) {
        if (!isIdentityRefusal(error)) throw error;
        throw new AppError('sign_in_failed', undefined, { message: error.body?.message });
      }
      await signInSucceeded(db, attempt, clock.nowMs());
      forwardCookies(reply, result.headers);
      return presentSession(db, await loadCaller(db, result.response.user.id));
    },
  );

  serve(session.signOut, {}, { tags }, async ({ request, reply }) => {
    const headers = fromNodeHeaders(request.headers);
    try {
      const result = await identity.api.signOut({ headers, returnHeaders: true });
      // The identity library clears the cookie even when it could not end the session (the
      // database down): the session must be gone before the browser is told so.
      if (await identity.api.getSession({ headers })) {
        throw new AppError('database_unavailable', { retry_after_s: DATABASE_RETRY_AFTER_S });
      }
      forwardCookies(reply, result.headers);
    } catch (error) {
      // Signing out without a session is not an error (doc 1 §4): the caller is signed out.
      if (!isIdentityRefusal(error)) throw error;
    }
    return undefined;
  });

  serve(
    session.forgotPassword,
    { body: ForgotPasswordRequestSchema },
    { tags, rateLimit: RATE_LIMITS.mail },
    async ({ body }) => {
      const email = body.email.trim().toLowerCase();
      const key = `reset-mail:${email}`;
      if ((await takeFromBucket(db, key, MAILS_PER_RECIPIENT, clock.nowMs())).waitMs > 0) {
        throw new AppError('too_many_reset_requests');
      }
      // The same answer whether or not the address has an account.
      await identity.api.requestPasswordReset({ body: { email } });
      return undefined;
    },
  );

  serve(
    session.resetPassword,
    { body: ResetPasswordRequestSchema },
    { tags, rateLimit: RATE_LIMITS.code },
    async ({ body }) => {
      try {
        await identity.api.resetPassword({ body });
      } catch (error) {
        if (isIdentityRefusal(error)) throw new AppError('reset_link_invalid');
        throw error;
      }
      return undefined;
    },
  );
};
