import {
  ForgotPasswordRequestSchema,
  ResetPasswordRequestSchema,
  SessionResponseSchema,
  SignInRequestSchema,
} from '@tappa/contracts';
import { APIError } from 'better-auth/api';
import { fromNodeHeaders } from 'better-auth/node';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../errors';
import type { ModuleDeps } from '../../module-deps';
import { RATE_LIMITS, WindowCounter } from '../../plugins/rate-limit';
import type { Identity } from '../users/identity';
import { loadCaller } from '../users/users.service';
import { presentSession } from './session.service';

const HOUR_MS = 60 * 60 * 1000;

/** Failed sign-ins an account may have in an hour before it must wait. */
const FAILED_SIGN_INS_PER_HOUR = 100;

/** Forwards the cookies the identity library set (sign-in, sign-out, refresh). */
function forwardCookies(reply: FastifyReply, headers: Headers | null | undefined): void {
  const cookies = headers?.getSetCookie() ?? [];
  if (cookies.length > 0) reply.header('set-cookie', cookies);
}

/** Sign-in, sign-out, the current session, and the password-reset pair. */
export const sessionEndpoints: FastifyPluginAsyncZod<
  Pick<ModuleDeps, 'db' | 'clock'> & {
    identity: Identity;
    /** Failed sign-ins per account and hour (tests lower it). */
    failedSignInsPerHour?: number;
  }
> = async (app, { db, clock, identity, failedSignInsPerHour = FAILED_SIGN_INS_PER_HOUR }) => {
  // Failed sign-ins per account and hour are bounded; resets per e-mail at most 5 an hour.
  const failedSignIns = new WindowCounter({
    windowMs: HOUR_MS,
    max: failedSignInsPerHour,
    clock,
  });
  const resetRequests = new WindowCounter({ windowMs: HOUR_MS, max: 5, clock });

  app.get(
    '/api/session',
    {
      schema: { tags: ['session'], response: { 200: SessionResponseSchema } },
      config: { access: 'public' },
    },
    async (request, reply) => {
      const result = await identity.api.getSession({
        headers: fromNodeHeaders(request.headers),
        returnHeaders: true,
      });
      if (!result.response) throw new AppError('unauthenticated');
      forwardCookies(reply, result.headers);
      return presentSession(db, await loadCaller(db, result.response.user.id));
    },
  );

  app.post(
    '/api/session/sign-in',
    {
      schema: {
        tags: ['session'],
        body: SignInRequestSchema,
        response: { 200: SessionResponseSchema },
      },
      config: { access: 'public', rateLimit: RATE_LIMITS.signIn },
    },
    async (request, reply) => {
      const email = request.body.email.trim().toLowerCase();
      if (failedSignIns.isLimited(email)) throw new AppError('too_many_sign_ins');
      try {
        const result = await identity.api.signInEmail({
          body: { email, password: request.body.password },
          headers: fromNodeHeaders(request.headers),
          returnHeaders: true,
        });
        failedSignIns.reset(email);
        forwardCookies(reply, result.headers);
        return await presentSession(db, await loadCaller(db, result.response.user.id));
      } catch (error) {
        if (!(error instanceof APIError)) throw error;
        failedSignIns.hit(email);
        throw new AppError('sign_in_failed', undefined, { message: error.body?.message });
      }
    },
  );

  app.post(
    '/api/session/sign-out',
    { schema: { tags: ['session'] }, config: { access: 'public' } },
    async (request, reply) => {
      try {
        const result = await identity.api.signOut({
          headers: fromNodeHeaders(request.headers),
          returnHeaders: true,
        });
        forwardCookies(reply, result.headers);
      } catch (error) {
        // Signing out without a session is not an error (doc 1 §4): the caller is signed out.
        if (!(error instanceof APIError)) throw error;
      }
      return reply.status(204).send();
    },
  );

  app.post(
    '/api/password/forgot',
    {
      schema: { tags: ['session'], body: ForgotPasswordRequestSchema },
      config: { access: 'public', rateLimit: RATE_LIMITS.mail },
    },
    async (request, reply) => {
      const email = request.body.email.trim().toLowerCase();
      if (resetRequests.isLimited(email)) throw new AppError('too_many_reset_requests');
      resetRequests.hit(email);
      // The same answer whether or not the address has an account.
      await identity.api.requestPasswordReset({ body: { email } });
      return reply.status(202).send();
    },
  );

  app.post(
    '/api/password/reset',
    {
      schema: { tags: ['session'], body: ResetPasswordRequestSchema },
      config: { access: 'public', rateLimit: RATE_LIMITS.code },
    },
    async (request, reply) => {
      try {
        await identity.api.resetPassword({ body: request.body });
      } catch (error) {
        if (error instanceof APIError) throw new AppError('reset_link_invalid');
        throw error;
      }
      return reply.status(204).send();
    },
  );
};
